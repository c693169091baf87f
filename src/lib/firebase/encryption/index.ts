/**
 * The encryption gateway: what talks to Firebase for encryption (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makeEncryptionApi } from './gateway';
export type { DeviceRecord } from './gateway';
