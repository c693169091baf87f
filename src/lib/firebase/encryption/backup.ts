/**
 * The database side of a person's own encryption records (docs/security/e2ee.md): the key ring's
 * store (my wraps in every conversation I am in, re-wraps for my devices, `keyBackup/{uid}`, my
 * identity key's public half and my devices' signatures). The security codes I saw are not here:
 * they are pinned on the device (src/lib/crypto/trust-pins.ts), never trusted from the server.
 */
import {
  equalTo,
  get,
  onValue,
  orderByChild,
  query,
  ref,
  serverTimestamp,
  set,
  update,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import {
  directKey,
  groupKey,
  parseConversationKey,
  type ConversationKey,
} from '../../conversation-key';
import { parseDeviceList, storedDeviceList } from '../../crypto/device-list';
import type { StoredWrap } from '../../crypto/epochs/key-directory';
import { parseBackup, type StoredBackup } from '../../crypto/key-backup';
import type { EpochWraps, KeyRingStore } from '../../crypto/key-ring/key-ring';
import { isRecord } from '../../is-record';
import type { PlacedKeyRecords } from './placed';
import { placementsOf } from '../conversations';
import { homeRecords } from '../records-at-home';

const isText = (value: unknown): value is string => typeof value === 'string';
const wrapsPath = (conversation: ConversationKey, uid: string) => {
  const { kind, id } = parseConversationKey(conversation);
  return `${kind === 'group' ? 'groupKeys' : 'conversationKeys'}/${id}/${uid}`;
};

/** `{epoch: {deviceId: wrap}}` as stored under one conversation, malformed wraps left out. */
function parseEpochWraps(conversation: ConversationKey, value: unknown): EpochWraps[] {
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([epoch, devices]) => {
    const wraps: Partial<Record<string, StoredWrap>> = {};
    for (const [deviceId, wrap] of Object.entries(isRecord(devices) ? devices : {})) {
      if (isRecord(wrap) && isText(wrap.key) && isText(wrap.by) && isText(wrap.from)) {
        wraps[deviceId] = { key: wrap.key, by: wrap.by, from: wrap.from };
      }
    }
    return { conversation, epoch, wraps };
  });
}

/** `db` is the directory; my wraps are on each conversation's instance (`placed`). */
export function makeEncryptionBackupApi(db: Database, placed: PlacedKeyRecords) {
  /** Every conversation I am in: my friendships (both sides) and my groups. */
  async function myConversations(me: string): Promise<ConversationKey[]> {
    const [sent, received, groups] = await Promise.all([
      get(query(ref(db, 'friendList'), orderByChild('senderId'), equalTo(me))),
      get(query(ref(db, 'friendList'), orderByChild('receiverId'), equalTo(me))),
      get(ref(db, `userGroups/${me}`)),
    ]);
    const found = new Set<ConversationKey>();
    for (const list of [sent, received]) {
      list.forEach((child) => {
        if (child.key) found.add(directKey(child.key));
      });
    }
    groups.forEach((child) => {
      if (child.key) found.add(groupKey(child.key));
    });
    return [...found];
  }

  return {
    /** The key ring's store for `me` (src/lib/crypto/key-ring/key-ring.ts). */
    keyRingStore(me: string): KeyRingStore {
      const backupPath = `keyBackup/${me}`;
      return {
        async myDevices() {
          // As stored now (a stale copy could miss a device): my keys are wrapped for these.
          const value = await placementsOf(db).readDirectoryFresh(`deviceKeys/${me}`);
          return Object.entries(isRecord(value) ? value : {}).flatMap(([deviceId, entry]) =>
            isRecord(entry) && isText(entry.publicKey)
              ? [
                  {
                    uid: me,
                    deviceId,
                    publicKey: entry.publicKey,
                    approvedBy: isText(entry.approvedBy) ? entry.approvedBy : null,
                    signature: isText(entry.signature) ? entry.signature : null,
                  },
                ]
              : [],
          );
        },
        async myWraps() {
          const conversations = await myConversations(me);
          const lists = await Promise.all(
            conversations.map(async (conversation) =>
              parseEpochWraps(
                conversation,
                await placed.onItsInstance(conversation, (at) =>
                  at.read(wrapsPath(conversation, me)),
                ),
              ),
            ),
          );
          return lists.flat();
        },
        writeWraps(conversation, wraps) {
          const changes: Record<string, unknown> = {};
          for (const wrap of wraps) {
            changes[`${wrapsPath(conversation, me)}/${wrap.epoch}/${wrap.deviceId}`] = {
              key: wrap.key,
              by: me,
              from: wrap.from,
            };
          }
          return placed.onItsInstance(conversation, (at) => at.update(changes));
        },
        async readBackup() {
          return parseBackup((await get(ref(db, backupPath))).val());
        },
        createBackup(sealed, device, recovery) {
          return set(ref(db, backupPath), {
            sealed,
            recovery,
            createdAt: serverTimestamp(),
            devices: { [device.deviceId]: { key: device.key, from: device.from } },
          });
        },
        resealBackup(sealed, recovery, saved = false, master) {
          return update(ref(db, backupPath), {
            sealed,
            recovery,
            ...(saved ? {} : { savedAt: null }),
            ...(master ? { master } : {}),
          });
        },
        markBackupSaved(dropIdentity = false) {
          return update(ref(db, backupPath), {
            savedAt: serverTimestamp(),
            ...(dropIdentity ? { identity: null } : {}),
          });
        },
        putBackupDevice(device) {
          return set(ref(db, `${backupPath}/devices/${device.deviceId}`), {
            key: device.key,
            from: device.from,
          });
        },
        putBackupEntry(conversation, epoch, envelope) {
          return set(ref(db, `${backupPath}/keys/${conversation}/${epoch}`), envelope);
        },
        markApproved(deviceId, by, signature, list) {
          return update(ref(db), {
            [`deviceKeys/${me}/${deviceId}/approvedBy`]: by,
            [`deviceKeys/${me}/${deviceId}/signature`]: signature,
            ...(list ? { [`deviceLists/${me}`]: storedDeviceList(list) } : {}),
          });
        },
        publishIdentity(identity, device, list) {
          return update(ref(db), {
            [`${backupPath}/identity`]: identity.sealed,
            [`${backupPath}/signing`]: identity.signing,
            ...(identity.master ? { [`${backupPath}/master`]: identity.master } : {}),
            [`identityKeys/${me}`]: { publicKey: identity.publicKey, createdAt: serverTimestamp() },
            [`deviceKeys/${me}/${device.deviceId}/signature`]: device.signature,
            [`deviceLists/${me}`]: storedDeviceList(list),
          });
        },
        async myDeviceList() {
          // As stored now: a list signed from a stale copy would drop a device added since.
          return parseDeviceList(await placementsOf(db).readDirectoryFresh(`deviceLists/${me}`));
        },
        putDeviceList(list) {
          return set(ref(db, `deviceLists/${me}`), storedDeviceList(list));
        },
        secureMaster({ master, signatures, signing, list }) {
          const changes: Record<string, unknown> = {
            [`${backupPath}/master`]: master,
            [`${backupPath}/identity`]: null,
            [`${backupPath}/savedAt`]: serverTimestamp(),
            ...(signing ? { [`${backupPath}/signing`]: signing } : {}),
            ...(list ? { [`deviceLists/${me}`]: storedDeviceList(list) } : {}),
          };
          for (const [id, signature] of Object.entries(signatures)) {
            changes[`deviceKeys/${me}/${id}/signature`] = signature;
          }
          return update(ref(db), changes);
        },
        removeDevice({ deviceId, list, signatures, backup, wraps }) {
          const empty = (value: object) => (Object.keys(value).length ? value : null);
          const changes: Record<string, unknown> = {
            [`deviceKeys/${me}/${deviceId}`]: null,
            [`deviceLists/${me}`]: storedDeviceList(list),
            [`${backupPath}/sealed`]: backup.sealed,
            [`${backupPath}/recovery`]: backup.recovery,
            [`${backupPath}/devices`]: backup.devices,
            [`${backupPath}/keys`]: empty(backup.keys),
            [`${backupPath}/identity`]: backup.identity,
            [`${backupPath}/signing`]: backup.signing,
            [`${backupPath}/master`]: backup.master,
            ...(backup.unsaved ? { [`${backupPath}/savedAt`]: null } : {}),
          };
          for (const [id, signature] of Object.entries(signatures)) {
            changes[`deviceKeys/${me}/${id}/signature`] = signature;
          }
          // Its wraps go on their conversations' instances (before the rest, placed.ts).
          const gone = wraps.map(({ conversation, epoch }) => ({
            conversation,
            changes: { [`${wrapsPath(conversation, me)}/${epoch}/${deviceId}`]: null },
          }));
          // Its last use goes from my home (with the rest when that is the directory).
          const seen = { [`deviceSeen/${me}/${deviceId}`]: null };
          return homeRecords(db, (uid) => placementsOf(db).homeOfNow(uid)).updateWithHome(
            me,
            seen,
            (alsoHere) => placed.updateAcross({ ...changes, ...alsoHere }, gone),
          );
        },
      };
    },

    subscribeBackup(uid: string, onBackup: (backup: StoredBackup | null) => void): Unsubscribe {
      return onValue(ref(db, `keyBackup/${uid}`), (snapshot) =>
        onBackup(parseBackup(snapshot.val())),
      );
    },
  };
}
