import { describe, expect, it } from 'vitest';
import {
  mayMirrorOver,
  mirrorWrites,
  pairKey,
  placementIn,
  type DirectoryReads,
} from './mirror.js';

/** The directory as a plain tree, read as the Admin SDK or REST would. */
function directoryOf(tree: Record<string, unknown>): DirectoryReads {
  const get = (path: string) =>
    path.split('/').reduce<unknown>((node, key) => {
      if (typeof node !== 'object' || node === null) return null;
      return (node as Record<string, unknown>)[key] ?? null;
    }, tree);
  return {
    get: (path) => Promise.resolve(get(path)),
    where: (path, child, value) => {
      const node = get(path);
      const found = Object.entries(typeof node === 'object' && node !== null ? node : {}).filter(
        ([, record]) => (record as Record<string, unknown>)[child] === value,
      );
      return Promise.resolve(Object.fromEntries(found));
    },
  };
}

const friendship = {
  senderId: 'ann',
  senderName: 'Ann',
  receiverId: 'bob',
  receiverName: 'Bob',
  photo: '',
};
const ann = { username: 'Ann', usernameLower: 'ann', photo: '' };
const bob = { username: 'Bob', usernameLower: 'bob', photo: '' };
const cat = { username: 'Cat', usernameLower: 'cat', photo: '' };
const group = { adminId: 'ann', adminName: 'Ann', groupName: 'Hikers', groupTag: 'Up' };
const roster = {
  bob: { status: 'member', username: 'Bob', at: 1 },
  cat: { status: 'invited', username: 'Cat', at: 1 },
};
const tree = {
  users: { ann, bob, cat },
  settings: { bob: { readReceipts: false } },
  friendList: { f1: friendship, f0: { ...friendship, receiverId: 'cat', receiverName: 'Cat' } },
  pairs: { [pairKey('ann', 'bob')]: 'f1', [pairKey('bob', 'cat')]: 'b1' },
  block: { b1: { blockbyid: 'cat', blockbyName: 'Cat', blockid: 'bob', blockName: 'Bob' } },
  Mygroup: { g1: group },
  groupMembership: { g1: roster },
  userGroups: { bob: { g1: 'member' } },
  placement: {
    direct: { f1: { instance: 1, state: 'live' }, f0: { instance: 0, state: 'live' } },
    group: { g1: { instance: 2, state: 'live' } },
  },
};
const directory = directoryOf(tree);

describe('the mirrors: a directory write mapped to the writes on the placement instance', () => {
  it("copies a friendship's checked records to its instance once placed there", async () => {
    expect(await mirrorWrites('placement/direct/f1', directory)).toEqual([
      {
        instance: 1,
        changes: {
          'friendList/f1': friendship,
          'block/f1': null,
          'placement/direct/f1': { instance: 1, state: 'live' },
          [`pairs/${pairKey('ann', 'bob')}`]: 'f1',
          'users/ann': ann,
          'settings/ann/readReceipts': null,
          'users/bob': bob,
          'settings/bob/readReceipts': false,
        },
      },
    ]);
  });

  it('writes nothing for what lives on the directory, or for paths it does not mirror', async () => {
    expect(await mirrorWrites('placement/direct/f0', directory)).toEqual([]);
    expect(await mirrorWrites('friendList/f0', directory)).toEqual([]);
    expect(await mirrorWrites('friendRequest/x', directory)).toEqual([]);
    expect(await mirrorWrites('settings/bob/showPresence', directory)).toEqual([]);
    expect(await mirrorWrites('placement/other/f1', directory)).toEqual([]);
    expect(await mirrorWrites('', directory)).toEqual([]);
  });

  it('follows a block that replaced the friendship: both records as the directory has them', async () => {
    const blocked = directoryOf({
      ...tree,
      friendList: {},
      block: { f1: { blockbyid: 'bob', blockbyName: 'Bob', blockid: 'ann', blockName: 'Ann' } },
    });
    const [write] = await mirrorWrites('friendList/f1', blocked);
    expect(write?.instance).toBe(1);
    expect(write?.changes['friendList/f1']).toBeNull();
    expect(write?.changes['block/f1']).toMatchObject({ blockbyid: 'bob', blockid: 'ann' });
    expect(write?.changes['users/ann']).toEqual(ann);
  });

  it("copies a group's roster, its people, and the blocks between its members", async () => {
    const [write] = await mirrorWrites('groupMembership/g1', directory);
    expect(write?.instance).toBe(2);
    expect(write?.changes).toMatchObject({
      'Mygroup/g1': group,
      'groupMembership/g1': roster,
      'placement/group/g1': { instance: 2, state: 'live' },
      'users/ann': ann,
      'users/bob': bob,
      'users/cat': cat,
      'block/b1': tree.block.b1,
      [`pairs/${pairKey('bob', 'cat')}`]: 'b1',
    });
  });

  it("writes nothing for a conversation being moved: its mirrors are the mover's", async () => {
    const moving = directoryOf({
      ...tree,
      placement: { direct: { f1: { instance: 1, state: 'moving', to: 2 } }, group: {} },
    });
    expect(await mirrorWrites('placement/direct/f1', moving)).toEqual([]);
    expect(await mirrorWrites('friendList/f1', moving)).toEqual([]);
  });

  it("takes a renamed person's profile to every instance of their conversations", async () => {
    expect(await mirrorWrites('users/bob', directory)).toEqual([
      { instance: 1, changes: { 'users/bob': bob, 'settings/bob/readReceipts': false } },
      { instance: 2, changes: { 'users/bob': bob, 'settings/bob/readReceipts': false } },
    ]);
    // Cat's only friendship lives on the directory; her group is on 2 (by the roster, not
    // userGroups, which has no entry for her here): nothing is copied for her.
    expect(await mirrorWrites('settings/cat/readReceipts', directory)).toEqual([]);
  });

  it("takes a person's home and presence switch to their home, nowhere for the directory", async () => {
    const homed = directoryOf({
      ...tree,
      homes: { ann: 0, bob: 2 },
      settings: { bob: { readReceipts: false, showPresence: false } },
    });
    const bobs = { instance: 2, changes: { 'homes/bob': 2, 'settings/bob/showPresence': false } };
    expect(await mirrorWrites('homes/bob', homed)).toEqual([bobs]);
    expect(await mirrorWrites('settings/bob/showPresence', homed)).toEqual([bobs]);
    // At home on the directory, or registered before homes: the records are checked there.
    expect(await mirrorWrites('homes/ann', homed)).toEqual([]);
    expect(await mirrorWrites('homes/cat', homed)).toEqual([]);
    expect(await mirrorWrites('settings/cat/showPresence', homed)).toEqual([]);
  });

  it("takes a moved person's home copies from every other instance, on a move only", async () => {
    const homed = directoryOf({
      ...tree,
      // As the database answers keys 1…3: an array.
      config: { instances: { count: 4, urls: [null, 'u1', 'u2', 'u3'] } },
      homes: { ann: 0, bob: 2 },
      settings: { bob: { readReceipts: false, showPresence: false } },
    });
    const gone = (who: string, instance: number) => ({
      instance,
      changes: { [`homes/${who}`]: null, [`settings/${who}/showPresence`]: null },
    });
    const bobs = { instance: 2, changes: { 'homes/bob': 2, 'settings/bob/showPresence': false } };
    // Moved from 1 (the trigger's before): taken from every instance but the new home.
    expect(await mirrorWrites('homes/bob', homed, 1)).toEqual([
      bobs,
      gone('bob', 1),
      gone('bob', 3),
    ]);
    // Back on the directory: gone from every instance.
    expect(await mirrorWrites('homes/ann', homed, 3)).toEqual([1, 2, 3].map((n) => gone('ann', n)));
    // A registration (nothing before), a write of the same home, or a before not known (the
    // local twin's first answer): the home only, nothing deleted anywhere.
    expect(await mirrorWrites('homes/bob', homed, null)).toEqual([bobs]);
    expect(await mirrorWrites('homes/bob', homed, 2)).toEqual([bobs]);
    expect(await mirrorWrites('homes/bob', homed)).toEqual([bobs]);
    expect(await mirrorWrites('homes/ann', homed, null)).toEqual([]);
    // Presence switched: the home only, nothing deleted (no home moved).
    expect(await mirrorWrites('settings/bob/showPresence', homed, false)).toEqual([bobs]);
  });

  it('reads no instance list for a registration', async () => {
    const paths: string[] = [];
    const homed = directoryOf({ ...tree, homes: { bob: 2 } });
    const counting: DirectoryReads = {
      ...homed,
      get: (path) => {
        paths.push(path);
        return homed.get(path);
      },
    };
    await mirrorWrites('homes/bob', counting, null);
    expect(paths).not.toContain('config/instances/urls');
  });
});

describe('a mirrored placement is never set back over a move', () => {
  it('writes over nothing or a copy live on that instance, never over moving or moved', () => {
    expect(mayMirrorOver(null, 1)).toBe(true);
    expect(mayMirrorOver({ instance: 1, state: 'live' }, 1)).toBe(true);
    expect(mayMirrorOver({ instance: 1, state: 'moving', to: 0 }, 1)).toBe(false);
    expect(mayMirrorOver({ instance: 0, state: 'moved' }, 1)).toBe(false);
    expect(mayMirrorOver({ instance: 2, state: 'live' }, 1)).toBe(false);
  });

  it("finds a conversation's placement among a mirror write's changes, and none in a person's", async () => {
    const [write] = await mirrorWrites('placement/direct/f1', directory);
    expect(write && placementIn(write.changes)).toBe('placement/direct/f1');
    const [person] = await mirrorWrites('users/bob', directory);
    expect(person && placementIn(person.changes)).toBeNull();
  });
});
