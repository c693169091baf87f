/** Fakes of the notifications, settings and account gateways (see fake-gateways.ts). */
import { vi } from 'vitest';
import type { AccountApi } from '../lib/firebase/settings/account';
import type { AppNotification } from '../lib/firebase/notifications/record';
import type { NotificationsApi } from '../lib/firebase/notifications/gateway';
import type { SettingsApi, UserSettings } from '../lib/firebase/settings/gateway';
import { Feed } from './feed';

function createNotificationFeeds() {
  return {
    latestNotifications: new Feed<AppNotification[]>(),
    unreadNotifications: new Feed<AppNotification[]>(),
    settings: new Feed<UserSettings>(),
  };
}

/** Live queries answer through `noticeFeeds`; writes are vi.fns that resolve. */
export function fakeNotificationGateways() {
  const noticeFeeds = createNotificationFeeds();
  const notifications = {
    subscribeLatest: vi.fn<NotificationsApi['subscribeLatest']>((uid, _limit, onData, onError) =>
      noticeFeeds.latestNotifications.subscribe(uid, onData, onError),
    ),
    subscribeUnread: vi.fn<NotificationsApi['subscribeUnread']>((uid, onData, onError) =>
      noticeFeeds.unreadNotifications.subscribe(uid, onData, onError),
    ),
    markRead: vi.fn<NotificationsApi['markRead']>(() => Promise.resolve()),
    remove: vi.fn<NotificationsApi['remove']>(() => Promise.resolve()),
  } satisfies NotificationsApi;
  const settings = {
    subscribe: vi.fn<SettingsApi['subscribe']>((uid, onData, onError) =>
      noticeFeeds.settings.subscribe(uid, onData, onError),
    ),
    save: vi.fn<SettingsApi['save']>(() => Promise.resolve()),
    saveKind: vi.fn<SettingsApi['saveKind']>(() => Promise.resolve()),
  } satisfies SettingsApi;
  const account = {
    changePassword: vi.fn<AccountApi['changePassword']>(() => Promise.resolve()),
    resendVerification: vi.fn<AccountApi['resendVerification']>(() => Promise.resolve()),
    changeName: vi.fn<AccountApi['changeName']>(() => Promise.resolve()),
    deleteAccount: vi.fn<AccountApi['deleteAccount']>(() => Promise.resolve()),
  } satisfies AccountApi;
  return { noticeFeeds, notifications, settings, account };
}
