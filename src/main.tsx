import 'react-toastify/dist/ReactToastify.css';
import './index.css';
import { HIDDEN_ATTR } from './prerender/markers';
import { shellStrings } from './app/shell/shell-strings';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Loaded dynamically so that a configuration error (validated in config/env.ts when Firebase
// starts) shows a message instead of a blank page.
import('./app/bootstrap')
  .then(({ bootstrap }) => bootstrap(rootElement))
  .catch((error: unknown) => {
    console.error(error);
    const box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.className = 'mx-auto mt-24 max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm';
    const title = document.createElement('h1');
    title.className = 'text-xl font-semibold';
    title.textContent = shellStrings.app.configError;
    const detail = document.createElement('p');
    detail.className = 'mt-2 text-slate-500';
    detail.textContent = error instanceof Error ? error.message : String(error);
    box.append(title, detail);
    rootElement.replaceChildren(box);
    document.documentElement.removeAttribute(HIDDEN_ATTR);
  });
