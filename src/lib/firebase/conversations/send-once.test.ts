// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSameMessage } from './send-once';

const written = {
  message: 'Hi',
  messagesenderId: 'alice',
  massagesenderName: 'Alice',
  messagereceiverId: 'bob',
  messagereceiverName: 'Bob',
  createdAt: { '.sv': 'timestamp' },
};

describe('isSameMessage: is what is stored the message this send wrote?', () => {
  it('accepts the stored message, whatever time the server gave it', () => {
    expect(isSameMessage(written, { ...written, createdAt: 1_700_000_000_000 })).toBe(true);
  });

  it('refuses another sender, other words, or nothing stored', () => {
    expect(isSameMessage(written, { ...written, messagesenderId: 'mallory' })).toBe(false);
    expect(isSameMessage(written, { ...written, message: 'Hi!' })).toBe(false);
    expect(isSameMessage(written, { ...written, massagesenderName: undefined })).toBe(false);
    expect(isSameMessage(written, null)).toBe(false);
    expect(isSameMessage(written, 'Hi')).toBe(false);
  });

  it('compares a photo by its image fields too', () => {
    const photo = { ...written, kind: 'image', imageId: 'm1', width: 10, height: 20 };
    expect(isSameMessage(photo, { ...photo, createdAt: 1 })).toBe(true);
    expect(isSameMessage(photo, { ...photo, width: 11, createdAt: 1 })).toBe(false);
    expect(isSameMessage(photo, { ...written, createdAt: 1 })).toBe(false);
  });

  it('still knows the message after an edit or a delete for everyone that followed the send', () => {
    const withReply = { ...written, replyTo: 'm0', forwarded: true };
    const stored = { ...withReply, createdAt: 1 };
    expect(isSameMessage(withReply, { ...stored, message: 'Hello', editedAt: 2 })).toBe(true);
    expect(isSameMessage(withReply, { ...stored, message: 'Hello' })).toBe(false);
    expect(isSameMessage(withReply, { ...stored, replyTo: 'm9', editedAt: 2 })).toBe(false);
    const envelope = {
      messagesenderId: 'alice',
      massagesenderName: 'Alice',
      messagereceiverId: 'bob',
      messagereceiverName: 'Bob',
      createdAt: 1,
      deleted: true,
    };
    expect(isSameMessage(withReply, envelope)).toBe(true);
    expect(isSameMessage(withReply, { ...envelope, messagesenderId: 'mallory' })).toBe(false);
  });
});
