import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import { directSendWrite, groupSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { world } from './conversations-fixtures';
import { device, epoch, wrapBy } from './encryption-fixtures';
import { alice, bob, carol, conversationId } from './friends-fixtures';
import { dave, groupId } from './groups-fixtures';
import { increment } from './inbox-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

// A conversation's wraps and waits live on its instance (docs/scaling.md), beside its messages:
// one ruleset on every instance, the directory having no `config/self`, another instance its
// number there and the mirrors of what it holds (the friendship or group, the placement). No
// `deviceKeys` are seeded: those stay on the directory, and these rules do not read them.
const { dbAs, seed, write } = rulesEnvForFile('encryption-keys-placement');

const live = (instance: number) => ({ instance, state: 'live' });
const server = { now: SERVER_TIME, plusOne: increment(1) };
const sealed = (length: number) =>
  `s2.${'E'.repeat(20)}.v1.${'I'.repeat(16)}.${'C'.repeat(length)}`;

/** `update` with every inbox entry's preview replaced by `preview`. */
function withPreview(update: Record<string, unknown>, preview: string) {
  const out = { ...update };
  for (const path of Object.keys(out)) if (path.endsWith('/lastText')) out[path] = preview;
  return out;
}

// Alice writes in both; the party owed a key (no device yet) is Bob in the friendship, Carol in
// the group; the outsider is Carol to the friendship, Dave (not a member) to the group.
describe.each([
  {
    kind: 'direct',
    keys: 'conversationKeys',
    waits: 'conversationKeyWaits',
    id: conversationId,
    owed: bob,
    outsider: carol,
    send: (messageId: string, text: string, preview: string) =>
      withPreview(
        directSendWrite(
          { conversationId, from: { uid: alice, name: 'Alice' }, to: { uid: bob, name: 'Bob' } },
          messageId,
          text,
          server,
        ),
        preview,
      ),
  },
  {
    kind: 'group',
    keys: 'groupKeys',
    waits: 'groupKeyWaits',
    id: groupId,
    owed: carol,
    outsider: dave,
    send: (messageId: string, text: string, preview: string) =>
      withPreview(
        groupSendWrite(
          { groupId, from: { uid: alice, name: 'Alice' }, to: [bob, carol] },
          messageId,
          text,
          server,
        ),
        preview,
      ),
  },
])('$keys', ({ kind, keys, waits, id, owed, outsider, send }) => {
  const placement = `placement/${kind}/${id}`;
  const wrapAt = (uid: string, n: number, e = epoch) => `${keys}/${id}/${uid}/${e}/${device(n)}`;
  const wait = `${waits}/${id}/${owed}/${epoch}`;
  const owedWrap = wrapAt(owed, 3);
  /** Alice's first epoch as the app writes it: her own device's wrap, a wait for the party owed. */
  const firstEpoch = () =>
    write(alice, { [wrapAt(alice, 1)]: wrapBy(alice, 1), [wait]: { of: alice } });
  /** The party owed asks from their new device, and Alice serves: the wrap and `served`. */
  const askAndServe = async () => {
    await assertSucceeds(write(owed, { [`${wait}/asked`]: SERVER_TIME }));
    await assertSucceeds(write(alice, { [owedWrap]: wrapBy(alice, 1), [`${wait}/served`]: true }));
  };
  beforeEach(() => seed(world));

  it('on the directory: takes the keys of a conversation placed there, or from before placements', async () => {
    await assertSucceeds(firstEpoch());
    await seed({ [wrapAt(alice, 1)]: null, [wait]: null, [placement]: live(0) });
    await assertSucceeds(firstEpoch());
    await askAndServe();
    await assertSucceeds(dbAs(owed).ref(owedWrap).get());
  });

  it('on the directory: refuses the keys of a conversation placed elsewhere, or moving', async () => {
    await seed({ [placement]: live(1) });
    await assertFails(firstEpoch());
    await assertFails(write(alice, { [wrapAt(alice, 1)]: wrapBy(alice, 1) }));
    await assertFails(write(alice, { [wait]: { of: alice } }));
    await seed({ [placement]: { instance: 0, state: 'moving' } });
    await assertFails(firstEpoch());
  });

  it('on instance 1: refused before the mirror landed, taken once it names this instance', async () => {
    await seed({ 'config/self': 1 });
    // The friendship or group is mirrored, the placement not yet: refused (the client waits).
    await assertFails(firstEpoch());
    await seed({ [placement]: live(0) });
    await assertFails(firstEpoch());
    await seed({ [placement]: live(2) });
    await assertFails(firstEpoch());
    await seed({ [placement]: live(1) });
    await assertSucceeds(firstEpoch());
    await askAndServe();
    await assertSucceeds(dbAs(owed).ref(owedWrap).get());
    await assertSucceeds(dbAs(owed).ref(`${waits}/${id}`).get());
    await seed({ [placement]: { instance: 1, state: 'moving' } });
    const next = wrapAt(alice, 1, '-Nepoch0000000000002');
    await assertFails(write(alice, { [next]: wrapBy(alice, 1) }));
  });

  it('on instance 1: still refuses outsiders and forged authors, the mirror there', async () => {
    await seed({ 'config/self': 1, [placement]: live(1) });
    await assertFails(write(outsider, { [wrapAt(owed, 3)]: wrapBy(outsider, 5) }));
    await assertFails(write(alice, { [wrapAt(outsider, 5)]: wrapBy(alice, 1) }));
    await assertFails(write(alice, { [wrapAt(owed, 3)]: { ...wrapBy(alice, 1), by: owed } }));
    await assertFails(dbAs(outsider).ref(`${waits}/${id}`).get());
    await assertFails(dbAs(outsider).ref(wrapAt(owed, 3)).get());
  });

  it('on instance 1: a send is checked against the wraps there: sealed only, once one exists', async () => {
    await seed({ 'config/self': 1, [placement]: live(1) });
    // No wrap on this instance: clear text is taken, as in a conversation before the switch.
    await assertSucceeds(write(alice, send('-Nsend1', 'see you at 8?', 'see you at 8?')));
    await assertSucceeds(firstEpoch());
    await assertFails(write(alice, send('-Nsend2', 'see you at 9?', 'see you at 9?')));
    await assertSucceeds(write(alice, send('-Nsend3', sealed(200), sealed(120))));
  });
});
