import { describe, expect, it } from 'vitest';
import { relayWrites } from './relay.js';
import type { DirectoryReads } from './mirror.js';

/** The directory as a plain tree, read as the Admin SDK or REST would. */
function directoryOf(tree: Record<string, unknown>): DirectoryReads {
  const get = (path: string) =>
    path.split('/').reduce<unknown>((node, key) => {
      if (typeof node !== 'object' || node === null) return null;
      return (node as Record<string, unknown>)[key] ?? null;
    }, tree);
  return {
    get: (path) => Promise.resolve(get(path)),
    where: () => Promise.reject(new Error('the relay needs no query')),
  };
}

const NOW = { '.sv': 'timestamp' };
const message = { senderId: 'ann', senderName: 'Ann', message: 'hi', createdAt: 1 };
const tree = {
  Mygroup: { g1: { adminId: 'ann', adminName: 'Ann', groupName: 'Hikers', groupTag: 'Up' } },
  groupMembership: {
    g1: {
      bob: { status: 'member', username: 'Bob', at: 1 },
      cat: { status: 'member', username: 'Cat', at: 1 },
      dan: { status: 'member', username: 'Dan', at: 1 },
      eve: { status: 'member', username: 'Eve', at: 1 },
      fay: { status: 'invited', username: 'Fay', at: 1 },
      gus: { status: 'requested', username: 'Gus', at: 1 },
    },
  },
  // The group lives on 2; Bob at home on 0, Cat on 2 (listening there already), Dan and Eve on 1.
  homes: { ann: 1, cat: 2, dan: 1, eve: 1, fay: 0, gus: 0 },
  placement: { group: { g1: { instance: 2, state: 'live' } } },
};

describe('the hint relay: a new group message mapped to hints on the members’ homes', () => {
  it('writes one update per home away from the group, naming every member there but the sender', async () => {
    expect(await relayWrites('g1', message, directoryOf(tree))).toEqual([
      { instance: 0, changes: { 'hints/bob/g:g1': { at: NOW } } },
      { instance: 1, changes: { 'hints/dan/g:g1': { at: NOW }, 'hints/eve/g:g1': { at: NOW } } },
    ]);
  });

  it('hints the admin when a member sends, and never an invited or asking person', async () => {
    const writes = await relayWrites('g1', { ...message, senderId: 'dan' }, directoryOf(tree));
    expect(writes).toEqual([
      { instance: 0, changes: { 'hints/bob/g:g1': { at: NOW } } },
      { instance: 1, changes: { 'hints/ann/g:g1': { at: NOW }, 'hints/eve/g:g1': { at: NOW } } },
    ]);
  });

  it('writes nothing when everyone lives on the group’s instance', async () => {
    const together = { ...tree, homes: { ann: 2, bob: 2, cat: 2, dan: 2, eve: 2 } };
    expect(await relayWrites('g1', message, directoryOf(together))).toEqual([]);
  });

  it('takes an absent home or placement as the directory (instance 0), as the client does', async () => {
    const { placement: _placement, ...unplaced } = tree;
    expect(await relayWrites('g1', message, directoryOf({ ...unplaced, homes: {} }))).toEqual([]);
    expect(await relayWrites('g1', message, directoryOf({ ...unplaced }))).toEqual([
      { instance: 1, changes: { 'hints/dan/g:g1': { at: NOW }, 'hints/eve/g:g1': { at: NOW } } },
      { instance: 2, changes: { 'hints/cat/g:g1': { at: NOW } } },
    ]);
  });

  it.each([
    ['no sender', { message: 'hi' }],
    ['not a record', 'hi'],
    ['nothing', null],
  ])('writes nothing for a message with %s (a change, not a new message)', async (_c, value) => {
    expect(await relayWrites('g1', value, directoryOf(tree))).toEqual([]);
  });

  it('writes nothing for a group that is gone', async () => {
    expect(await relayWrites('g9', message, directoryOf(tree))).toEqual([]);
  });
});
