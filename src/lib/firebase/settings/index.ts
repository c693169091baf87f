/**
 * The settings gateway: what talks to Firebase for settings (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export type { AccountApi } from './account';
export { makeSettingsApi } from './gateway';
export type { UserSettings } from './gateway';
