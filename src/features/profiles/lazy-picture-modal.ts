import { lazy } from 'react';

/** The picture popup as its own chunk: the cropper and its CSS load when it first opens. */
export const ProfilePictureModal = lazy(() => import('./ProfilePictureModal'));
