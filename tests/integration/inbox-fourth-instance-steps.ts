import { expect } from 'vitest';
import { placementsOf } from '../../src/lib/firebase/conversations';
import { adminUpdate } from '../support/backend';
import { befriend, cleanBackendPerTest, type Person } from './app-clients';
import {
  instance,
  instancesPerTest,
  reachesInstances,
  type sampleConnections,
} from './inbox-instances-steps';

// The tests where nothing waits for a fourth connection (docs/scaling.md, "Bounded
// connections"): four namespaces, Bob's three connections taken, a conversation on the fourth.

/**
 * Per test: a clean backend and four instances, the directory (0) and 1…3; the mirror between
 * them runs once `peopleAt` set the homes.
 */
export function fourInstancesPerTest() {
  const { signUp, stopAfterTest } = cleanBackendPerTest();
  const { startMirroring, stopMirroring, mirrorIdle } = instancesPerTest(4);
  /**
   * People signed up under the names `homes` lists, in its order, each reaching the instances
   * as the app does, at the home it gives (null: none, so the directory); then the mirror starts.
   */
  const peopleAt = async (homes: Readonly<Record<string, number | null>>): Promise<Person[]> => {
    const names = Object.keys(homes);
    const people = await Promise.all(
      names.map(async (name) => reachesInstances(await signUp(name))),
    );
    await adminUpdate(
      Object.fromEntries(
        people.flatMap((person, i) => {
          const home = homes[names[i]];
          return home === null ? [] : [[`homes/${person.uid}`, home]];
        }),
      ),
    );
    startMirroring();
    return people;
  };
  /**
   * Each of `askers`, in order, befriends `person` by asking, so each conversation is placed on
   * the asker's home; resolves with their ids once the mirror copied them.
   */
  const askedBy = async (person: Person, askers: readonly Person[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const asker of askers) ids.push((await befriend(asker, person)).id);
    await mirrorIdle();
    return ids;
  };
  return { stopAfterTest, startMirroring, stopMirroring, mirrorIdle, peopleAt, askedBy };
}

/**
 * What `sampler` counted of `person`'s connections: never more than three, and none to
 * instance 3 from sample `held` on (once three were held open); the app's open instances are
 * 0, 1 and 2. Waits for a few more samples first, so the last steps are counted too.
 */
export async function expectNeverAFourth(
  sampler: ReturnType<typeof sampleConnections>,
  held: number,
  person: Person,
): Promise<void> {
  await expect.poll(() => sampler.samples.length, { timeout: 10_000 }).toBeGreaterThan(held + 5);
  const samples = await sampler.stop();
  expect(Math.max(...samples.map((sample) => sample.length))).toBeLessThanOrEqual(3);
  const fourth = instance(3).dbNamespace;
  expect(samples.slice(held).filter((sample) => sample.includes(fourth))).toEqual([]);
  expect(placementsOf(person.client.db).openInstances()).toEqual([0, 1, 2]);
}
