// Files that need no DOM run in Node (`// @vitest-environment node`): jsdom and Testing Library
// cost each test file seconds on a loaded two-core machine, so only files with a document load
// them.
if (typeof document !== 'undefined') await import('./unit-dom-setup');

export {};
