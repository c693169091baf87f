/** The one test harness: a real store over fake gateways. */
export { deferred, firebaseError, sessionUser } from './fake-auth';
export { createFakeGateways, type FakeGateways } from './fake-gateways';
export { fakeAuthApi, renderApp } from './render-app';
export { loadEverythingEmpty, me, panel, renderSignedIn, row } from './render-signed-in';
export { makeTestStore, renderWithProviders } from './render-with-providers';
export { sampleUser, signedIn, signedOut } from './session-fixtures';
export { friendshipWith, inboxEntryAt } from './inbox-fixtures';
export { inboxPageEachTest } from './render-inbox-page';
