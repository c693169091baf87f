import { describe, expect, it } from 'vitest';
import { allowedPhotoOr, isAllowedPhoto } from './photo-source';
import { recordPhoto } from '../records';
import {
  allowedPhotos as allowed,
  refusedPhotos as refused,
} from '../../../../tests/support/photo-cases';

// The rules tests' cases (tests/rules/profiles-pictures.test.ts): the app never writes a photo
// the rules refuse (a refused write would fail a sign-up, a request or an unblock).
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
