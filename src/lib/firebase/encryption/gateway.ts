/**
 * End-to-end encryption's database side (docs/security/e2ee.md): the devices
 * (devices.ts), the backup, and the sender-key wraps as a `KeyDirectory` for
 * src/lib/crypto/epochs/epoch-keys.ts.
 */
import { push, ref, set, type Database } from 'firebase/database';
import { parseConversationKey, type ConversationKey } from '../../conversation-key';
import { makeDevicesApi, parseDevices, parseIdentity } from './devices';
import { makeEncryptionBackupApi } from './backup';
import { wrapsTree } from './paths';
import { makeKeyWaitsApi } from './waits';
import { placedKeyRecords } from './placed';
import type { KeyDirectory, PublishedDevice, StoredWrap } from '../../crypto/epochs/key-directory';
import { parseDeviceList } from '../../crypto/device-list';
import { placementsOf } from '../conversations';

export type { DeviceRecord, DirectoryDevice } from './devices';

const isText = (value: unknown): value is string => typeof value === 'string';

const isPermissionDenied = (error: unknown) =>
  error instanceof Error && /permission/i.test(error.message);

export function makeEncryptionApi(db: Database) {
  // The wraps and waits on each conversation's instance; the rest here, on the directory.
  const placed = placedKeyRecords(db);
  return {
    ...makeDevicesApi(db),
    ...makeEncryptionBackupApi(db, placed),
    ...makeKeyWaitsApi(placed),
    /** The wraps and devices seen by `me`, for the key manager. */
    keyDirectory(me: string): KeyDirectory {
      /** `uid`'s public record at `path`: a co-member's opens through a key grant. */
      // Read as stored now, never a listener's copy from before the directory's last look:
      // keys are wrapped for what this returns.
      const read = (path: string) => placementsOf(db).readDirectoryFresh(path);
      async function readOf(conversation: ConversationKey, uid: string, path: string) {
        try {
          return await read(path);
        } catch (error) {
          const { kind, id } = parseConversationKey(conversation);
          if (kind !== 'group' || !isPermissionDenied(error)) throw error;
          // A co-member's keys open through a grant naming the group both are in.
          await set(ref(db, `deviceKeyGrants/${uid}/${me}`), id);
          return await read(path);
        }
      }
      const devicesOfOne = async (conversation: ConversationKey, uid: string) =>
        parseDevices(await readOf(conversation, uid, `deviceKeys/${uid}`));
      return {
        async devicesOf(conversation, uids) {
          const lists = await Promise.all(uids.map((uid) => devicesOfOne(conversation, uid)));
          return lists.flatMap((devices, i): PublishedDevice[] =>
            devices.map((d) => ({
              uid: uids[i] ?? '',
              deviceId: d.deviceId,
              publicKey: d.publicKey,
              signature: d.signature,
            })),
          );
        },
        async identityOf(conversation, uid) {
          return parseIdentity(await readOf(conversation, uid, `identityKeys/${uid}`));
        },
        async deviceListOf(conversation, uid) {
          return parseDeviceList(await readOf(conversation, uid, `deviceLists/${uid}`));
        },
        writeEpoch(conversation, epoch, wraps, waiting) {
          const { tree, waits, id } = wrapsTree(conversation);
          const changes: Record<string, unknown> = {};
          for (const wrap of wraps) {
            changes[`${tree}/${id}/${wrap.uid}/${epoch}/${wrap.deviceId}`] = {
              key: wrap.key,
              by: me,
              from: wrap.from,
            };
          }
          for (const uid of waiting) changes[`${waits}/${id}/${uid}/${epoch}`] = { of: me };
          return placed.onItsInstance(conversation, (at) => at.update(changes));
        },
        async readWait(conversation, epoch) {
          const { waits, id } = wrapsTree(conversation);
          const of = await placed.onItsInstance(conversation, (at) =>
            at.read(`${waits}/${id}/${me}/${epoch}/of`),
          );
          return isText(of) ? of : null;
        },
        async readWrap(conversation, epoch, deviceId) {
          const { tree, id } = wrapsTree(conversation);
          const value = (await placed.onItsInstance(conversation, (at) =>
            at.read(`${tree}/${id}/${me}/${epoch}/${deviceId}`),
          )) as Record<string, unknown> | null;
          return value && isText(value.key) && isText(value.by) && isText(value.from)
            ? ({ key: value.key, by: value.by, from: value.from } satisfies StoredWrap)
            : null;
        },
        // A push id made on the device: nothing is written under it.
        newEpochId: () => push(ref(db, 'conversationKeys')).key,
      };
    },
  };
}

export type EncryptionApi = ReturnType<typeof makeEncryptionApi>;

declare module '../../../store/gateways' {
  interface DatabaseGateways {
    encryption: EncryptionApi;
  }
}
