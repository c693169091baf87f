import { describe, expect, it } from 'vitest';
import { allowedPhotoOr, isAllowedPhoto } from './profiles-photo-source';
import { recordPhoto } from './records';

// The same cases as tests/rules/profiles-pictures.test.ts, so the app never writes a photo the
// rules refuse (a refused write would fail a sign-up, a request or an unblock).
const allowed = [
  '',
  '/default-avatar.svg',
  'picture:alice:v9',
  'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
];
const refused = [
  'https://tracker.example/p.gif?alice',
  'http://lh3.googleusercontent.com/a/x',
  'https://lh3.googleusercontent.com.tracker.example/p.gif',
  'https://tracker.example/?https://lh3.googleusercontent.com/',
  '//tracker.example/p.gif',
  '/default-avatar.svg?x',
  'data:image/svg+xml,<svg/>',
  `https://lh3.googleusercontent.com/${'p'.repeat(2015)}`,
];

describe('where a photo may point', () => {
  it('takes what the rules take and nothing else', () => {
    expect(allowed.filter(isAllowedPhoto)).toEqual(allowed);
    expect(refused.filter(isAllowedPhoto)).toEqual([]);
  });

  it('falls back for a Google sign-in’s or a record’s photo the rules would refuse', () => {
    expect(allowedPhotoOr('https://tracker.example/p.gif', '/default-avatar.svg')).toBe(
      '/default-avatar.svg',
    );
    expect(allowedPhotoOr(null, '/default-avatar.svg')).toBe('/default-avatar.svg');
    expect(recordPhoto('https://tracker.example/p.gif')).toBe('');
    expect(recordPhoto('picture:alice:v9')).toBe('picture:alice:v9');
  });
});
