/**
 * File and voice messages in a conversation: sending (attach, paste, drop, record), the bubbles
 * (file card with download, voice player) and uploads with progress and cancel. The recorder,
 * player and card load lazily.
 */
export { DropZone } from './drop-zone';
export { FileMessageBody } from './file-message-lazy';
export { VoiceRecorder } from './voice-recorder-lazy';
export { useFileSending } from './file-sending';
export { isPhotoFile } from './file-format';
export { MicIcon, PaperclipIcon } from './file-icons';
export { filesStrings } from './files-strings';
