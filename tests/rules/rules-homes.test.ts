import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { alice, bob, conversationId } from './friends-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// Each person's own records live on their home (docs/scaling.md, "Instances and what lives
// where"). One ruleset serves every instance: the directory has no `config/self`; instance 1 has
// `config/self: 1` and the mirror of `homes/{uid}` for the people at home there. Here the same
// namespace plays either, by seeding `config/self` or not.
const { dbAs, seed, write } = rulesEnvForFile('rules-homes');

const deviceId = 'Dev0123456789abcdefg';
const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';

/** Each path with a write its owner `uid` makes in the app. */
const records = (uid: string): [string, Record<string, unknown>][] => [
  ['status', { [`status/${uid}`]: { state: 'online', lastChanged: SERVER_TIME } }],
  ['inboxPrefs', { [`inboxPrefs/${uid}/direct/${conversationId}/mutedUntil`]: 'always' }],
  ['drafts', { [`drafts/${uid}/direct/${conversationId}`]: { text: 'Half', at: SERVER_TIME } }],
  [
    'deviceSeen',
    { [`deviceSeen/${uid}/${deviceId}`]: { label: 'Chromium on Linux', lastSeenAt: SERVER_TIME } },
  ],
];

/** Instance 1 as its rules see it: its number, and the mirrored homes of the people living there. */
const instanceOne = (homes: Record<string, number>) => ({
  'config/self': 1,
  ...Object.fromEntries(Object.entries(homes).map(([uid, home]) => [`homes/${uid}`, home])),
});

// Alice's device is published on the directory (deviceSeen is checked against it there).
beforeEach(() => seed({ [`deviceKeys/${alice}/${deviceId}`]: { publicKey, createdAt: 1 } }));

describe.each(records(alice))('%s/{uid}: on its owner’s home only', (_path, changes) => {
  const bobWrites = records(bob).find(([path]) => path === _path)?.[1] ?? {};

  it('on the directory: the owner at home there (or registered before homes) writes it', async () => {
    await assertSucceeds(write(alice, changes));
    await seed({ [`homes/${alice}`]: 0 });
    await assertSucceeds(write(alice, changes));
  });

  it('on the directory: refused to an owner at home elsewhere, and to anyone else', async () => {
    await seed({ [`homes/${alice}`]: 1 });
    await assertFails(write(alice, changes));
    await assertFails(write(bob, changes));
    await assertFails(write(null, changes));
  });

  it('on instance 1: the owner at home there writes it, nobody else', async () => {
    await seed(instanceOne({ [alice]: 1, [bob]: 1 }));
    await assertSucceeds(write(alice, changes));
    await assertFails(write(bob, changes));
    await assertFails(write(null, changes));
  });

  it('on instance 1: refused to an owner at home elsewhere, or whose home has not landed', async () => {
    await seed(instanceOne({ [bob]: 2 }));
    // Alice's home not mirrored here (she lives on the directory, or the mirror is late).
    await assertFails(write(alice, changes));
    await assertFails(write(bob, bobWrites));
    await seed({ [`homes/${alice}`]: 0 });
    await assertFails(write(alice, changes));
  });
});

describe('status/{uid} on a home: read as on the directory', () => {
  const bobReads = () => dbAs(bob).ref(`status/${alice}`).once('value');

  it('lets any signed-in person read it there, unless its owner hides presence', async () => {
    await seed({
      ...instanceOne({ [alice]: 1 }),
      [`status/${alice}`]: { state: 'online', lastChanged: 1 },
    });
    await assertSucceeds(bobReads());
    await assertFails(dbAs(null).ref(`status/${alice}`).once('value'));
    await assertFails(dbAs(bob).ref('status').once('value'));
    // The mirror copies showPresence with the home: switched off, only Alice reads it.
    await seed({ [`settings/${alice}/showPresence`]: false });
    await assertFails(bobReads());
    await assertSucceeds(dbAs(alice).ref(`status/${alice}`).once('value'));
  });

  it('lets the owner queue "offline" for a dropped connection on the home only', async () => {
    const offline = { state: 'offline', lastChanged: SERVER_TIME };
    await seed(instanceOne({ [alice]: 1 }));
    await assertSucceeds(dbAs(alice).ref(`status/${alice}`).onDisconnect().set(offline));
    await seed({ [`homes/${alice}`]: 2 });
    await assertFails(dbAs(alice).ref(`status/${alice}`).onDisconnect().set(offline));
  });
});

describe('deviceSeen on a home away from the directory', () => {
  it('takes a device id the directory holds: deviceKeys is not there to check', async () => {
    await seed(instanceOne({ [alice]: 1 }));
    const other = `deviceSeen/${alice}/Other000000000000000`;
    await assertSucceeds(write(alice, { [other]: { label: 'Firefox', lastSeenAt: SERVER_TIME } }));
    // Its shape is still checked.
    await assertFails(write(alice, { [other]: { label: 'Firefox', lastSeenAt: 5 } }));
    await assertFails(
      write(alice, { [`deviceSeen/${alice}/short`]: { label: 'x', lastSeenAt: SERVER_TIME } }),
    );
  });
});
