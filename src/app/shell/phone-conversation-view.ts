import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** Below this width the messages screen is one column (Tailwind's `md` breakpoint). */
const PHONE_MAX = 768;
const VIEW = 'view';

/**
 * Which half of the one-column messages screen a phone shows. Choosing a conversation adds a
 * history entry (`?view=chat`), so the browser's back returns to the list; wider screens show
 * both halves and add nothing to the history.
 */
export function usePhoneConversationView() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const chatShown = params.get(VIEW) === 'chat';
  return {
    chatShown,
    showChat: () => {
      if (chatShown || window.innerWidth >= PHONE_MAX) return;
      setParams({ [VIEW]: 'chat' }, { state: { pushedChat: true } });
    },
    back: () => {
      // Opened from the list: step back in history. Opened by a link or a reload: replace.
      if ((location.state as { pushedChat?: boolean } | null)?.pushedChat) void navigate(-1);
      else setParams({}, { replace: true });
    },
  };
}
