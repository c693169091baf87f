/**
 * `drafts/{uid}/direct/{conversationId}` and `drafts/{uid}/group/{groupId}`: what `uid` typed in a
 * conversation and did not send, with the message a reply was being prepared to.
 * Read and written by `uid` alone, so another device of theirs picks it up and nobody else can.
 * The app seals the text with a key only `uid`'s devices hold (docs/security/e2ee.md,
 * "Drafts"); clear text stays allowed for drafts from before, in a conversation not encrypted.
 */
import { and, or, x, type RuleNode } from './builder';
import { clearUnlessEncrypted, encryptedIn, SEALED_MESSAGE_MAX } from './encryption-sealed';
import { eq, exactFields, newValue, ownRecord, serverTime, stringOf, variable } from './conditions';

/** As long as a message may be (rules/conversations-direct.ts). */
const DRAFT_MAX = 4000;

const idOf = (name: string) =>
  and(x`${variable(name)}.length >= 1`, x`${variable(name)}.length <= 128`);

const draft = (conversation: 'conversationId' | 'groupId'): RuleNode => ({
  ...exactFields(
    {
      // Sealed: as long as a sealed message may be (a 4,000-character draft fits). Clear text
      // only in a conversation that is not encrypted (rules/encryption-sealed.ts).
      text: {
        '.validate': or(
          // No words: a reply being prepared (as an app before sealed drafts kept it).
          eq(newValue, ''),
          clearUnlessEncrypted(
            stringOf({ max: DRAFT_MAX }),
            SEALED_MESSAGE_MAX,
            encryptedIn(
              conversation === 'groupId' ? 'groupMessages' : 'sendMessage',
              variable(conversation),
            ),
          ),
        ),
      },
      at: { '.validate': serverTime },
    },
    idOf(conversation),
  ),
  // Optional: the message a reply quotes.
  replyTo: { '.validate': stringOf({ min: 1, max: 128 }) },
});

export const drafts: RuleNode = ownRecord({
  direct: { '.validate': x`newData.hasChildren()`, $conversationId: draft('conversationId') },
  group: { '.validate': x`newData.hasChildren()`, $groupId: draft('groupId') },
  $other: { '.validate': false },
});
