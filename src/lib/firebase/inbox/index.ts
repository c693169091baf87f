/**
 * The inbox gateway: what talks to Firebase for inbox (it loads the SDK). Stored shapes and
 * parsers that do not are in shapes.ts.
 */
export { makeInboxApi } from './gateway';
export { makeInboxPrefsApi } from './prefs';
