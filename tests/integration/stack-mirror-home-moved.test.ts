import { describe, expect, it } from 'vitest';
import { dbRest } from '../../scripts/stack/admin';
import { adminUpdate } from '../support/backend';
import { cleanBackendPerTest } from './app-clients';
import { instance, instancesPerTest } from './inbox-instances-steps';

// A person's home copies (docs/scaling.md, "Each person's own records on their home") follow a
// move of the home: the mirror process writes them on the new home and takes them from the
// old one, whose rules would otherwise still take the person's records there.
const { signUp } = cleanBackendPerTest();
const { startMirroring, mirrorIdle } = instancesPerTest(3);

const homeCopy = (n: number, uid: string) => dbRest(instance(n), 'GET', `homes/${uid}`);

describe("a person's home moved", () => {
  it('leaves no copy of the home on the old one', async () => {
    const bob = await signUp('Bob');
    startMirroring();
    await adminUpdate({ [`homes/${bob.uid}`]: 1, [`settings/${bob.uid}/showPresence`]: true });
    await mirrorIdle();
    await expect.poll(() => homeCopy(1, bob.uid), { timeout: 10_000 }).toBe(1);

    await adminUpdate({ [`homes/${bob.uid}`]: 2 });
    await mirrorIdle();
    await expect.poll(() => homeCopy(2, bob.uid), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => homeCopy(1, bob.uid), { timeout: 10_000 }).toBeNull();
    const presenceSwitch = `settings/${bob.uid}/showPresence`;
    expect(await dbRest(instance(1), 'GET', presenceSwitch)).toBeNull();
    expect(await dbRest(instance(2), 'GET', presenceSwitch)).toBe(true);
  }, 60_000);

  it('a registration copies the new home only; a move then takes every other copy', async () => {
    const uid = 'newcomer';
    startMirroring();
    await mirrorIdle();
    // A copy on 2 that only a move takes away (as a move the mirror missed would leave it).
    await dbRest(instance(2), 'PATCH', '/', { [`homes/${uid}`]: 2 });

    // Registered (nothing before) at 1: written there, nothing deleted elsewhere.
    await adminUpdate({ [`homes/${uid}`]: 1 });
    await mirrorIdle();
    await expect.poll(() => homeCopy(1, uid), { timeout: 10_000 }).toBe(1);
    expect(await homeCopy(2, uid)).toBe(2);

    // Moved to the directory: gone from every instance.
    await adminUpdate({ [`homes/${uid}`]: 0 });
    await mirrorIdle();
    await expect.poll(() => homeCopy(1, uid), { timeout: 10_000 }).toBeNull();
    expect(await homeCopy(2, uid)).toBeNull();
  }, 60_000);
});
