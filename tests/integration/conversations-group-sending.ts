import { expect } from 'vitest';
import { groupChatShown, sendMessage } from '../../src/features/conversations';
import { eventually, type storeFor } from './app-clients';

type Client = ReturnType<typeof storeFor>;

/**
 * Sends `text` in group `groupId` through `client`'s store, as the group's chat panel does:
 * the group shown, its roster read (everyone the message counts for), then the composer's send.
 */
export async function sendInGroup(client: Client, groupId: string, text: string) {
  const { store } = client;
  store.dispatch(groupChatShown(groupId));
  await eventually(() => expect(store.getState().memberships.rosters[groupId]).toBeDefined());
  await store.dispatch(sendMessage(text)).unwrap();
}
