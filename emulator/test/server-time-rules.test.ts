import { push, ref, serverTimestamp, set } from 'firebase/database';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/server';
import { type TestClient, connectClient, startTestEmulator } from './helpers';

// Rules commonly pin a server timestamp with `== now`; that only holds when the write's
// server values and the rules' `now` are the same instant.
const RULES = JSON.stringify({
  rules: {
    stamps: {
      '.read': true,
      $id: {
        '.write': true,
        '.validate': "newData.child('at').val() == now",
      },
    },
  },
});

let emu: RunningEmulator;
let client: TestClient;

beforeAll(async () => {
  emu = await startTestEmulator({ rulesText: RULES });
  client = connectClient(emu);
});

afterAll(async () => {
  await client.close();
  await emu.close();
});

it('resolves serverTimestamp() with the same `now` the rules see, write after write', async () => {
  const list = ref(client.db, 'stamps');
  for (let i = 0; i < 200; i++) {
    await set(push(list), { at: serverTimestamp() });
  }
});

it('still refuses a client clock value that is not the server time', async () => {
  await expect(set(push(ref(client.db, 'stamps')), { at: Date.now() - 60_000 })).rejects.toThrow(
    /PERMISSION_DENIED/,
  );
});
