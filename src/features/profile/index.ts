/** What other features may use from the profile feature. */
export { ProfilePictureModal } from './lazy';
// Chat images compress the same way (src/features/messages/image-compress.ts).
export { compressCanvas, PictureTooLargeError, type EncodableCanvas } from './compress-picture';
