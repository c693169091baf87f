/** Every route of the app, declared once. */
export const paths = {
  register: '/',
  login: '/login',
  pages: '/pages',
  home: '/pages/home',
  messages: '/pages/messages',
  notification: '/pages/notification',
  settings: '/pages/settings',
} as const;
