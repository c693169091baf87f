import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './index.css';
import { registerAppListeners } from './app/listeners';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { observeAuth } from './features/auth/auth-listeners';
import { authApi } from './lib/firebase/auth';

registerAppListeners();
const store = makeStore();
observeAuth(store, authApi);
const router = createAppRouter();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer position="top-center" autoClose={5000} theme="dark" transition={Bounce} />
    </Provider>
  </StrictMode>,
);
