/**
 * Photos for `users/alice/photo`: what the rules take (rules/conditions.ts `photoOf`) and what
 * they refuse. The rules tests and the app's own list (photo-source.ts) check the same
 * cases, so the app never writes a photo the rules refuse.
 */
export const allowedPhotos = [
  '',
  '/default-avatar.svg',
  'picture:alice:v9',
  'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
];

export const refusedPhotos = [
  'https://tracker.example/p.gif?alice',
  'http://lh3.googleusercontent.com/a/x',
  'https://lh3.googleusercontent.com.tracker.example/p.gif',
  'https://tracker.example/?https://lh3.googleusercontent.com/',
  '//tracker.example/p.gif',
  '/default-avatar.svg?x',
  'data:image/svg+xml,<svg/>',
  `https://lh3.googleusercontent.com/${'p'.repeat(2015)}`,
];
