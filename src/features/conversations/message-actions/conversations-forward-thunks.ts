import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import { conversationKey, type ConversationKey } from '../../../lib/conversation-key';
import type { ConversationMessage } from '../../../lib/firebase/conversations/shapes';
import { attemptWrite } from '../../../lib/write-failure';
import { conversationsStrings } from '../conversations-strings';
import { targetFor } from '../timeline';
import { selectConversationKey } from '../timeline';
import { trackSend } from '../sending';
import { trackUpload } from '../images';

/** A conversation a message can be forwarded to: a friendship's or a group's. */
export interface ForwardTo {
  kind: 'direct' | 'group';
  id: string;
  /** Its name as the dialog showed it, for the toast if the forward fails. */
  name: string;
}

const FORWARDED = { forwarded: true } as const;

/**
 * Sends a copy of `message` (from the open conversation, or `from`) to one conversation,
 * marked forwarded: a normal send (pending, the receivers' unread counts and previews, the
 * rules), a photo as a photo with its caption, a file or voice message as one (its bytes read
 * back and sent again). A refusal, or a photo or file whose bytes cannot be read any more,
 * becomes the toast text naming that conversation.
 */
export const forwardMessage = createAppAsyncThunk(
  'conversations/forwardMessage',
  async (
    { message, to, from }: { message: ConversationMessage; to: ForwardTo; from?: ConversationKey },
    { getState, dispatch, extra, rejectWithValue },
  ) => {
    const what = conversationsStrings.forward.failedTo(to.name);
    if (message.deleted) return rejectWithValue(`${what}: ${conversationsStrings.forward.deleted}`);
    const source = from ?? selectConversationKey(getState());
    const image = message.image;
    let upload = null;
    if (image) {
      const reads = source
        ? await Promise.all([
            extra.chatImages.readFull(source, image.id, image.sender),
            extra.chatImages.readThumb(source, image.id, image.sender),
          ]).catch(() => [null, null])
        : [null, null];
      const [full, thumb] = reads;
      if (!full || !thumb) {
        return rejectWithValue(`${what}: ${conversationsStrings.forward.photoUnavailable}`);
      }
      upload = { full, thumb, width: image.width, height: image.height };
    }
    // A file or voice message goes as one: its bytes read back from the source, sent again.
    const file = message.file;
    let fileUpload = null;
    if (file) {
      const descriptor = file.descriptor;
      const blob =
        source && descriptor
          ? await extra.chatFiles
              .download(source, file, message.sealed === 'open')
              .catch(() => null)
          : null;
      if (!blob || !descriptor) {
        return rejectWithValue(`${what}: ${conversationsStrings.forward.fileUnavailable}`);
      }
      fileUpload = { kind: file.kind, blob, descriptor, words: message.text };
    }
    // Read after the photo or file: the friendship or membership may have ended meanwhile.
    const target = targetFor(getState(), to.kind, to.id);
    if (target.kind === 'closed') return rejectWithValue(`${what}: ${target.reason}`);
    const key = conversationKey(target.kind, target.id);
    const text = message.text;
    return attemptWrite(
      what,
      async () => {
        if (fileUpload) {
          const sent =
            target.kind === 'group'
              ? extra.chatFiles.sendToGroup(target.parties, fileUpload, FORWARDED)
              : extra.chatFiles.send(target.parties, fileUpload, FORWARDED);
          await sent.acked;
          return;
        }
        if (upload) {
          const caption = image?.caption ?? '';
          const sent =
            target.kind === 'group'
              ? extra.chatImages.sendToGroup(target.parties, upload, caption, FORWARDED)
              : extra.chatImages.send(target.parties, upload, caption, FORWARDED);
          trackUpload(sent.id, sent.acked);
          await sent.acked;
          return;
        }
        await trackSend(
          dispatch,
          key,
          text,
          target.kind === 'group'
            ? extra.conversations.group.send(target.parties, text, undefined, FORWARDED)
            : extra.conversations.direct.send(target.parties, text, undefined, FORWARDED),
          FORWARDED,
        );
      },
      rejectWithValue,
    );
  },
);
