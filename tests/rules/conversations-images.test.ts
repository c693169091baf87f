import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { beforeEach, describe, it } from 'vitest';
import type { MessageImageUpload } from '../../src/lib/firebase/conversations/image-message';
import { directImageSendWrite } from '../../src/lib/firebase/conversations/send-write';
import { increment, omit, send, storedMessage } from './inbox-fixtures';
import { alice, befriended, blocked, bob, carol, conversationId, users } from './friends-fixtures';
import { SERVER_TIME, rulesEnvForFile } from './rules-env';

const { dbAs, seed } = rulesEnvForFile('chat-images');

const names: Record<string, string> = { [alice]: 'Alice', [bob]: 'Bob', [carol]: 'Carol' };
const image = (overrides: Partial<MessageImageUpload> = {}): MessageImageUpload => ({
  full: `data:image/webp;base64,${'A'.repeat(300_000)}`,
  thumb: `data:image/jpeg;base64,${'B'.repeat(20_000)}`,
  width: 1600,
  height: 1200,
  ...overrides,
});

/** The app's image send, from `from` to `to`. */
function sendImage(from: string, to: string, id = '-Nimg1', upload = image(), caption = '') {
  const parties = {
    conversationId,
    from: { uid: from, name: names[from] },
    to: { uid: to, name: names[to] },
  };
  const server = { now: SERVER_TIME, plusOne: increment(1) };
  return directImageSendWrite(parties, id, upload, caption, server);
}

const write = (uid: string, update: Record<string, unknown>) => dbAs(uid).ref().update(update);
const imagePath = (id = '-Nimg1') => `chatImages/${conversationId}/${id}`;
const messagePath = (id = '-Nimg1') => `sendMessage/${conversationId}/${id}`;

describe('chatImages between friends', () => {
  beforeEach(() => seed(befriended));

  it('lets either friend send an image with its message, with or without a caption', async () => {
    await assertSucceeds(write(alice, sendImage(alice, bob)));
    await assertSucceeds(write(bob, sendImage(bob, alice, '-Nimg2', image(), 'Look!')));
  });

  it('lets both parties read one thumbnail or one full image, strangers neither', async () => {
    await write(alice, sendImage(alice, bob));
    for (const uid of [alice, bob]) {
      await assertSucceeds(dbAs(uid).ref(`${imagePath()}/thumb`).once('value'));
      await assertSucceeds(dbAs(uid).ref(`${imagePath()}/full`).once('value'));
    }
    await assertFails(dbAs(carol).ref(`${imagePath()}/thumb`).once('value'));
    await assertFails(dbAs(carol).ref(`${imagePath()}/full`).once('value'));
  });

  it("refuses reading a whole conversation's images at once", async () => {
    await assertFails(dbAs(alice).ref(`chatImages/${conversationId}`).once('value'));
    await assertFails(dbAs(alice).ref(imagePath()).once('value'));
  });

  it('refuses a stranger sending an image into the conversation', async () => {
    await seed({ ...befriended, [`users/${carol}`]: users[`users/${carol}`] });
    await assertFails(write(carol, sendImage(carol, bob)));
  });

  it('refuses an image without its message, or beside a text message', async () => {
    const update = sendImage(alice, bob);
    const bytesOnly = { [imagePath()]: update[imagePath()] };
    await assertFails(write(alice, bytesOnly));
    // The same id used by a text message that this update creates.
    const text = { ...send(alice, bob, '-Nimg1'), [imagePath()]: update[imagePath()] };
    await assertFails(write(alice, text));
  });

  it('refuses an image message without its bytes', async () => {
    await assertFails(write(alice, omit(sendImage(alice, bob), imagePath())));
  });

  it('refuses formats other than WebP or JPEG data URLs', async () => {
    for (const bad of ['data:image/png;base64,AAAA', 'data:text/html;base64,AAAA', 'https://x/y']) {
      await assertFails(write(alice, sendImage(alice, bob, '-Nimg1', image({ full: bad }))));
      await assertFails(write(alice, sendImage(alice, bob, '-Nimg1', image({ thumb: bad }))));
    }
  });

  it('refuses a full image over ~300 KB or a thumbnail over ~20 KB', async () => {
    const big = `data:image/webp;base64,${'A'.repeat(420_000)}`;
    await assertFails(write(alice, sendImage(alice, bob, '-Nimg1', image({ full: big }))));
    const bigThumb = `data:image/webp;base64,${'A'.repeat(28_000)}`;
    await assertFails(write(alice, sendImage(alice, bob, '-Nimg1', image({ thumb: bigThumb }))));
  });

  it('refuses sizes that are not whole numbers within bounds', async () => {
    for (const width of [0, -1, 1.5, 5000]) {
      await assertFails(write(alice, sendImage(alice, bob, '-Nimg1', image({ width }))));
    }
  });

  it('refuses extra fields, a caption that is not the message, or an image id of another', async () => {
    const update = sendImage(alice, bob);
    const bytes = update[imagePath()] as Record<string, unknown>;
    const message = update[messagePath()] as Record<string, unknown>;
    await assertFails(write(alice, { ...update, [imagePath()]: { ...bytes, extra: 1 } }));
    await assertFails(
      write(alice, { ...update, [messagePath()]: { ...message, caption: 'Not the text' } }),
    );
    await assertFails(write(alice, { ...update, [messagePath()]: { ...message, imageId: '-Nx' } }));
  });

  it("refuses an inbox entry that does not say 'image' for an image, or says it for text", async () => {
    const update = sendImage(alice, bob);
    await assertFails(
      write(alice, { ...update, [`inbox/${bob}/${conversationId}/lastKind`]: 'text' }),
    );
    const text = send(alice, bob, '-Ntext');
    await assertFails(
      write(alice, { ...text, [`inbox/${bob}/${conversationId}/lastKind`]: 'image' }),
    );
  });

  it('refuses image fields on a text message', async () => {
    const text = send(alice, bob, '-Ntext');
    const path = `sendMessage/${conversationId}/-Ntext`;
    const message = text[path] as Record<string, unknown>;
    await assertFails(write(alice, { ...text, [path]: { ...message, width: 10, height: 10 } }));
    await assertFails(write(alice, { ...text, [path]: { ...message, caption: message.message } }));
  });

  it('refuses replacing or deleting stored image bytes', async () => {
    await write(alice, sendImage(alice, bob));
    const again = sendImage(alice, bob, '-Nimg1');
    await assertFails(write(alice, { [imagePath()]: again[imagePath()] }));
    await assertFails(write(alice, { [imagePath()]: null }));
    await assertFails(write(alice, { [`${imagePath()}/thumb`]: 'data:image/webp;base64,AA' }));
  });
});

describe('chatImages without a friendship', () => {
  const stored = {
    [imagePath()]: {
      full: 'data:image/webp;base64,AA',
      thumb: 'data:image/webp;base64,A',
      createdAt: 1,
    },
    [messagePath()]: storedMessage(alice, bob),
  };

  it('refuses both parties after a block, reading or sending', async () => {
    await seed({ ...blocked, ...stored });
    for (const uid of [alice, bob]) {
      await assertFails(dbAs(uid).ref(`${imagePath()}/thumb`).once('value'));
    }
    await assertFails(write(alice, sendImage(alice, bob, '-Nimg2')));
    await assertFails(write(bob, sendImage(bob, alice, '-Nimg2')));
  });

  it('refuses former friends (the friendship removed)', async () => {
    await seed({ ...users, ...stored });
    await assertFails(dbAs(alice).ref(`${imagePath()}/full`).once('value'));
    await assertFails(write(alice, sendImage(alice, bob, '-Nimg2')));
  });
});
