/**
 * End-to-end encryption's database side (docs/security/e2ee.md): publishing this device, the
 * device directory, and the sender-key wraps as a `KeyDirectory` for src/lib/crypto/epoch-keys.ts.
 */
import {
  get,
  push,
  ref,
  serverTimestamp,
  set,
  update,
  onValue,
  type Database,
  type Unsubscribe,
} from 'firebase/database';
import { parseConversationKey, type ConversationKey } from '../conversation-key';
import { makeEncryptionBackupApi } from './encryption-backup';
import { wrapsTree } from './encryption-paths';
import { makeKeyWaitsApi } from './encryption-waits';
import type {
  DeviceIdentity,
  KeyDirectory,
  PublishedDevice,
  StoredWrap,
} from '../crypto/epoch-keys';

export interface DeviceRecord {
  deviceId: string;
  publicKey: string;
  label: string;
  createdAt: number;
  lastSeenAt: number;
  /** The device that approved this one (itself for the first); null while it waits for approval. */
  approvedBy: string | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The devices under `deviceKeys/{uid}`, malformed entries left out. */
export function parseDevices(value: unknown): DeviceRecord[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, Record<string, unknown> | null>).flatMap(
    ([deviceId, entry]) =>
      entry && isText(entry.publicKey)
        ? [
            {
              deviceId,
              publicKey: entry.publicKey,
              label: isText(entry.label) ? entry.label : '',
              createdAt: Number(entry.createdAt) || 0,
              lastSeenAt: Number(entry.lastSeenAt) || 0,
              approvedBy: isText(entry.approvedBy) ? entry.approvedBy : null,
            },
          ]
        : [],
  );
}

const isPermissionDenied = (error: unknown) =>
  error instanceof Error && /permission/i.test(error.message);

export function makeEncryptionApi(db: Database) {
  return {
    /** `approved`: the account's first device, approved by itself; any later one waits. */
    publishDevice(device: DeviceIdentity, label: string, approved = false) {
      return set(ref(db, `deviceKeys/${device.uid}/${device.deviceId}`), {
        publicKey: device.publicKey,
        label,
        createdAt: serverTimestamp(),
        lastSeenAt: serverTimestamp(),
        ...(approved ? { approvedBy: device.deviceId } : {}),
      });
    },
    ...makeEncryptionBackupApi(db),
    ...makeKeyWaitsApi(db),
    touchDevice(uid: string, deviceId: string) {
      return set(ref(db, `deviceKeys/${uid}/${deviceId}/lastSeenAt`), serverTimestamp());
    },
    removeDevice(uid: string, deviceId: string) {
      return set(ref(db, `deviceKeys/${uid}/${deviceId}`), null);
    },
    subscribeDevices(uid: string, onDevices: (devices: DeviceRecord[]) => void): Unsubscribe {
      return onValue(ref(db, `deviceKeys/${uid}`), (snapshot) => {
        onDevices(parseDevices(snapshot.val()));
      });
    },

    /** The wraps and devices seen by `me`, for the key manager. */
    keyDirectory(me: string): KeyDirectory {
      async function devicesOfOne(conversation: ConversationKey, uid: string) {
        const at = ref(db, `deviceKeys/${uid}`);
        try {
          return parseDevices((await get(at)).val());
        } catch (error) {
          const { kind, id } = parseConversationKey(conversation);
          if (kind !== 'group' || !isPermissionDenied(error)) throw error;
          // A co-member's keys open through a grant naming the group both are in.
          await set(ref(db, `deviceKeyGrants/${uid}/${me}`), id);
          return parseDevices((await get(at)).val());
        }
      }
      return {
        async devicesOf(conversation, uids) {
          const lists = await Promise.all(uids.map((uid) => devicesOfOne(conversation, uid)));
          return lists.flatMap((devices, i): PublishedDevice[] =>
            devices.map((d) => ({
              uid: uids[i] ?? '',
              deviceId: d.deviceId,
              publicKey: d.publicKey,
            })),
          );
        },
        async senderEpoch(conversation) {
          const value = (await get(ref(db, `senderEpochs/${me}/${conversation}`))).val() as {
            epoch?: unknown;
            devices?: unknown;
          } | null;
          return value && isText(value.epoch) && isText(value.devices)
            ? { epoch: value.epoch, devices: value.devices }
            : null;
        },
        writeEpoch(conversation, epoch, devices, wraps, waiting) {
          const { tree, waits, id } = wrapsTree(conversation);
          const changes: Record<string, unknown> = {
            [`senderEpochs/${me}/${conversation}`]: { epoch, devices, at: serverTimestamp() },
          };
          for (const wrap of wraps) {
            changes[`${tree}/${id}/${wrap.uid}/${epoch}/${wrap.deviceId}`] = {
              key: wrap.key,
              by: me,
              from: wrap.from,
            };
          }
          for (const uid of waiting) changes[`${waits}/${id}/${uid}/${epoch}`] = { of: me };
          return update(ref(db), changes);
        },
        async readWait(conversation, epoch) {
          const { waits, id } = wrapsTree(conversation);
          const of: unknown = (await get(ref(db, `${waits}/${id}/${me}/${epoch}/of`))).val();
          return isText(of) ? of : null;
        },
        async readWrap(conversation, epoch, deviceId) {
          const { tree, id } = wrapsTree(conversation);
          const value = (
            await get(ref(db, `${tree}/${id}/${me}/${epoch}/${deviceId}`))
          ).val() as Record<string, unknown> | null;
          return value && isText(value.key) && isText(value.by) && isText(value.from)
            ? ({ key: value.key, by: value.by, from: value.from } satisfies StoredWrap)
            : null;
        },
        newEpochId: () => push(ref(db, 'senderEpochs')).key,
      };
    },
  };
}

export type EncryptionApi = ReturnType<typeof makeEncryptionApi>;

declare module '../../store/gateways' {
  interface DatabaseGateways {
    encryption: EncryptionApi;
  }
}
