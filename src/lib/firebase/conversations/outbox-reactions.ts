/**
 * My reactions to a message the outbox still holds (docs/data-model.md, Sending offline): shown
 * on its drawn copy at once, and written once the message is. A held message has no stored
 * reaction, so only the last toggle of each emoji counts: on, it is written after the message;
 * off, nothing is. Nothing here imports Firebase.
 */
import type { ConversationMessage } from './message';

interface Toggle {
  uid: string;
  on: boolean;
  at: number;
  /** Which toggle of this emoji it was: only the last one is written. */
  seq: number;
}

export class HeldReactions {
  private readonly byEmoji = new Map<string, Toggle>();
  private seq = 0;

  /** Records a toggle of `emoji`; returns its number, for `isLast`. */
  toggle(emoji: string, uid: string, on: boolean, at: number): number {
    this.seq += 1;
    this.byEmoji.set(emoji, { uid, on, at, seq: this.seq });
    return this.seq;
  }

  /** Whether toggle `seq` is still the last one of `emoji`. */
  isLast(emoji: string, seq: number): boolean {
    return this.byEmoji.get(emoji)?.seq === seq;
  }

  /** `message` as drawn, with the reactions toggled on (it has none stored). */
  drawnOn(message: ConversationMessage): ConversationMessage {
    const on = [...this.byEmoji].filter(([, toggle]) => toggle.on);
    if (on.length === 0) return message;
    const reactions = Object.fromEntries(on.map(([emoji, { uid, at }]) => [emoji, { [uid]: at }]));
    return { ...message, reactions };
  }
}
