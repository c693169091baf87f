/**
 * Photos in a conversation: compressing and uploading, the bubble, the lightbox and downloads.
 */
export { ImageMessageBody } from './image-message-body';
export { firstImageFile, useImageSending, usePanelDrop } from './image-sending';
export { trackUpload } from './image-uploads';
