/** What other features may use from the profile feature. */
export { ProfilePictureModal } from './lazy';
