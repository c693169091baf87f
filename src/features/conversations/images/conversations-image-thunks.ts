import { createAppAsyncThunk } from '../../../store/create-app-thunk';
import { attemptWrite } from '../../../lib/write-failure';
import { conversationsStrings } from '../conversations-strings';
import { conversationTarget } from '../timeline';
import { compressImageFile, ImageFileError, MAX_IMAGE_FILE_BYTES } from './image-compress';
import { trackUpload } from './image-uploads';

/** The clear message for a file that cannot be sent. */
function imageProblemText(error: unknown): string {
  if (!(error instanceof ImageFileError)) return conversationsStrings.chatImages.errors.corrupt;
  switch (error.problem) {
    case 'notImage':
      return conversationsStrings.chatImages.errors.notImage;
    case 'tooLarge':
      return conversationsStrings.chatImages.errors.tooLarge(MAX_IMAGE_FILE_BYTES / 1024 / 1024);
    case 'empty':
      return conversationsStrings.chatImages.errors.empty;
    case 'corrupt':
      return conversationsStrings.chatImages.errors.corrupt;
    case 'tooDetailed':
      return conversationsStrings.chatImages.errors.tooDetailed;
  }
}

/**
 * Compresses `file` in the browser and sends it to the open conversation (friend or group) with an optional
 * caption, quoting `replyTo` when the reply bar was open; a file that cannot be sent, or a
 * refused write, rejects with the toast text.
 */
export const sendConversationImage = createAppAsyncThunk(
  'conversations/sendImage',
  async (
    { file, caption = '', replyTo }: { file: File; caption?: string; replyTo?: string },
    { getState, extra, rejectWithValue },
  ) => {
    const sendFailed = conversationsStrings.chatImages.sendFailed;
    let upload;
    try {
      upload = await compressImageFile(file);
    } catch (error) {
      return rejectWithValue(imageProblemText(error));
    }
    // Read after compressing: the friendship or membership may have ended meanwhile.
    const target = conversationTarget(getState());
    if (target.kind === 'closed') return rejectWithValue(`${sendFailed}: ${target.reason}`);
    const image = upload;
    const extras = replyTo ? { replyTo } : undefined;
    return attemptWrite(
      sendFailed,
      async () => {
        const sent =
          target.kind === 'group'
            ? extra.chatImages.sendToGroup(target.parties, image, caption.trim(), extras)
            : extra.chatImages.send(target.parties, image, caption.trim(), extras);
        trackUpload(sent.id, sent.acked);
        await sent.acked;
        return sent.id;
      },
      rejectWithValue,
    );
  },
);
