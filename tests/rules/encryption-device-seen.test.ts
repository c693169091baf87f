import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { alice, befriended, bob, carol } from './friends-fixtures';
import { dave, groupId, groupWorld } from './groups-fixtures';
import { rulesEnvForFile, SERVER_TIME } from './rules-env';

// A device's browser name and when the app last started on it: the owner's alone. In the device
// directory (read by friends and co-members for the keys) `lastSeenAt` said when someone last
// opened the app even with `showPresence` off (docs/rules.md, "Adversarial review").
const { dbAs, seed, write } = rulesEnvForFile('encryption-device-seen');

const publicKey =
  'BJug3y3nZ2GehpR7GaDV6fgSYS_E-vaf5mT4jD44toyYnhGFPqgfpi3poI_iDz6hTRaLqbk9-KS_IZHunNEURZI';
const deviceId = 'Dev0123456789abcdefg';
const bobsKeys = `deviceKeys/${bob}/${deviceId}`;
const bobsSeen = `deviceSeen/${bob}/${deviceId}`;
const published = { [bobsKeys]: { publicKey, createdAt: 1 } };
const seen = { label: 'Chromium on Linux', lastSeenAt: SERVER_TIME };
const storedSeen = { label: 'Chromium on Linux', lastSeenAt: 1 };
const readSeen = (reader: string | null, path = `deviceSeen/${bob}`) =>
  dbAs(reader).ref(path).once('value');

describe('deviceSeen: writing', () => {
  it('lets the owner publish a device with it in one update, touch it and remove both', async () => {
    await assertSucceeds(
      write(bob, {
        [bobsKeys]: { publicKey, createdAt: SERVER_TIME, approvedBy: deviceId },
        [bobsSeen]: seen,
      }),
    );
    await assertSucceeds(write(bob, { [bobsSeen]: { ...seen, label: 'Chrome on Linux' } }));
    await assertSucceeds(write(bob, { [bobsKeys]: null, [bobsSeen]: null }));
  });

  it("refuses anyone else, the owner unverified, and a device not in the owner's directory", async () => {
    await seed({ ...befriended, ...published, [bobsSeen]: storedSeen });
    await assertFails(write(alice, { [bobsSeen]: seen }));
    await assertFails(write(alice, { [bobsSeen]: null }));
    await assertFails(write(null, { [bobsSeen]: seen }));
    await assertFails(dbAs(bob, { email_verified: false }).ref(bobsSeen).set(seen));
    // Alice may not seed her own entry naming Bob's device, nor Bob one for a device he lacks.
    await assertFails(write(alice, { [`deviceSeen/${alice}/${deviceId}`]: seen }));
    await assertFails(write(bob, { [`deviceSeen/${bob}/Other000000000000000`]: seen }));
    await assertSucceeds(write(bob, { [bobsSeen]: seen }));
  });

  it('refuses client clocks, bad labels and ids, missing and extra fields', async () => {
    await seed(published);
    const bad: Array<Record<string, unknown>> = [
      { ...seen, lastSeenAt: Date.now() },
      { ...seen, lastSeenAt: '1' },
      { ...seen, label: '' },
      { ...seen, label: 'x'.repeat(61) },
      { ...seen, label: 7 },
      { ...seen, publicKey },
      { label: 'Chromium on Linux' },
      { lastSeenAt: SERVER_TIME },
    ];
    for (const value of bad) await assertFails(write(bob, { [bobsSeen]: value }));
    await assertFails(write(bob, { [`${bobsSeen}/lastSeenAt`]: 1 }));
    await assertFails(write(bob, { [`deviceSeen/${bob}/short`]: seen }));
  });
});

describe('deviceSeen: who reads it', () => {
  it('lets the owner read; a friend, a co-member with a key grant, a stranger and nobody may not', async () => {
    await seed({
      ...groupWorld,
      ...befriended,
      ...published,
      [bobsSeen]: storedSeen,
      [`deviceKeyGrants/${bob}/${carol}`]: groupId,
    });
    await assertSucceeds(readSeen(bob));
    await assertSucceeds(readSeen(bob, bobsSeen));
    // Each of them may read Bob's keys, and none of them when he last used a device.
    await assertSucceeds(dbAs(alice).ref(`deviceKeys/${bob}`).once('value'));
    await assertSucceeds(dbAs(carol).ref(`deviceKeys/${bob}`).once('value'));
    for (const reader of [alice, carol, dave, null]) {
      await assertFails(readSeen(reader));
      await assertFails(readSeen(reader, bobsSeen));
      await assertFails(readSeen(reader, `${bobsSeen}/lastSeenAt`));
    }
    await assertFails(readSeen(alice, 'deviceSeen'));
  });
});
