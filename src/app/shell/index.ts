/** What the routes and tests may use from the layout feature. */
export { PagesLayout } from './PagesLayout';
export { PhoneBackBar } from './PhoneBackBar';
export { usePhoneConversationView } from './phone-conversation-view';
export { useFocusComposer } from './focus-composer';
