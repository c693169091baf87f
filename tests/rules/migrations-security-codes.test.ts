import { describe, expect, it } from 'vitest';
import { emulatorDb } from '../../scripts/migrations/database';
import { migrate } from '../../scripts/migrations/005-drop-security-codes';
import { dbRest } from '../../scripts/stack/admin';
import { getBackend } from '../support/backend';
import { rulesEnvForFile } from './rules-env';

// Migration 005 deletes the security codes the server kept: they are pinned on devices now.
const area = 'security-codes-migration';
const { seed } = rulesEnvForFile(area);
const target = () => ({ ...getBackend(), dbNamespace: `demo-rules-${area}` });
const get = (path: string) => dbRest(target(), 'GET', path);
const dropCodes = () => migrate(emulatorDb(target()), () => undefined);

const code = { code: '0123456789'.repeat(6), verified: true, at: 1 };

describe('migration 005-drop-security-codes', () => {
  it('deletes every stored code, touches nothing else, and is idempotent', async () => {
    const kept = { 'deviceKeys/alice/Dev0123456789abcdefg': { publicKey: 'B', createdAt: 1 } };
    await seed({
      ...kept,
      'securityCodes/alice/bob': code,
      'securityCodes/alice/carol': { ...code, verified: false },
      'securityCodes/bob/alice': code,
    });
    expect(await dropCodes()).toBe(2);
    expect(await get('securityCodes')).toBeNull();
    expect(await get('deviceKeys/alice/Dev0123456789abcdefg')).toEqual({
      publicKey: 'B',
      createdAt: 1,
    });
    const before = JSON.stringify(await get('/'));
    expect(await dropCodes()).toBe(0);
    expect(JSON.stringify(await get('/'))).toBe(before);
  });

  it('has nothing to do on an empty database', async () => {
    expect(await dropCodes()).toBe(0);
  });
});
