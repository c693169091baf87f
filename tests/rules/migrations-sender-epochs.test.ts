import { describe, expect, it } from 'vitest';
import { emulatorDb } from '../../scripts/migrations/database';
import { migrate } from '../../scripts/migrations/006-drop-sender-epochs';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { rulesEnvForFile } from './rules-env';

// Migration 006 deletes the sending-epoch notes the app wrote and never read.
const area = 'sender-epochs-migration';
const { seed } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);
const dropNotes = () => migrate(emulatorDb(target()), () => undefined);

const note = { epoch: '-Nepoch0000000000001', devices: 'x'.repeat(43), at: 1 };

describe('migration 006-drop-sender-epochs', () => {
  it('deletes every note, touches nothing else, and is idempotent', async () => {
    const wrap = { key: 'k', by: 'alice', from: 'Dev0123456789abcdefg' };
    const kept = {
      'conversationKeys/c1/alice/-Nepoch0000000000001/Dev0123456789abcdefg': wrap,
    };
    await seed({
      ...kept,
      'senderEpochs/alice/d:c1': note,
      'senderEpochs/alice/g:g1': note,
      'senderEpochs/bob/d:c1': note,
    });
    expect(await dropNotes()).toBe(2);
    expect(await get('senderEpochs')).toBeNull();
    expect(
      await get('conversationKeys/c1/alice/-Nepoch0000000000001/Dev0123456789abcdefg'),
    ).toEqual(wrap);
    const before = JSON.stringify(await get('/'));
    expect(await dropNotes()).toBe(0);
    expect(JSON.stringify(await get('/'))).toBe(before);
  });

  it('has nothing to do on an empty database', async () => {
    expect(await dropNotes()).toBe(0);
  });
});
