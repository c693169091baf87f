/** The one test harness: a real store over fake gateways. */
export { createFakeAuth, deferred, firebaseError, sessionUser, type FakeAuth } from './fake-auth';
export { createFakeGateways, type Feeds, type FakeGateways } from './fake-gateways';
export { Feed } from './feed';
export { fakeAuthApi, renderApp } from './render-app';
export { loadEverythingEmpty, me, panel, renderSignedIn, row } from './render-signed-in';
export { makeTestStore, renderWithProviders, type RenderOptions } from './render-with-providers';
export { sampleUser, signedIn, signedOut } from './session-fixtures';
