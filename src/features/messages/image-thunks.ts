import { createAppAsyncThunk } from '../../app/create-app-thunk';
import { otherParty } from '../../lib/firebase/records';
import { attemptWrite } from '../../lib/write-failure';
import { strings } from '../../strings';
import { selectMyUid } from '../friends';
import { selectChatAvailability } from './chat-selectors';
import { compressImageFile, ImageFileError, MAX_IMAGE_FILE_BYTES } from './image-compress';
import { trackUpload } from './image-uploads';

/** The clear message for a file that cannot be sent. */
export function imageProblemText(error: unknown): string {
  const { errors } = strings.chatImages;
  if (!(error instanceof ImageFileError)) return errors.corrupt;
  switch (error.problem) {
    case 'notImage':
      return errors.notImage;
    case 'tooLarge':
      return errors.tooLarge(MAX_IMAGE_FILE_BYTES / 1024 / 1024);
    case 'empty':
      return errors.empty;
    case 'corrupt':
      return errors.corrupt;
    case 'tooDetailed':
      return errors.tooDetailed;
  }
}

/**
 * Compresses `file` in the browser and sends it to the selected friend with an optional
 * caption; a file that cannot be sent, or a refused write, rejects with the toast text.
 */
export const sendChatImage = createAppAsyncThunk(
  'chat/sendImage',
  async (
    { file, caption = '' }: { file: File; caption?: string },
    { getState, extra, rejectWithValue },
  ) => {
    const { sendFailed } = strings.chatImages;
    let upload;
    try {
      upload = await compressImageFile(file);
    } catch (error) {
      return rejectWithValue(imageProblemText(error));
    }
    // Read after compressing: the friendship may have ended meanwhile.
    const state = getState();
    const availability = selectChatAvailability(state);
    if (availability.kind !== 'open') {
      return rejectWithValue(`${sendFailed}: ${strings.chat.errors.notFriends}`);
    }
    const { friendship } = availability;
    const me = selectMyUid(state);
    const myName = friendship.senderId === me ? friendship.senderName : friendship.receiverName;
    const parties = {
      relId: friendship.id,
      from: { uid: me, name: myName },
      to: otherParty(friendship, me),
    };
    const image = upload;
    return attemptWrite(
      sendFailed,
      async () => {
        const sent = extra.chatImages.send(parties, image, caption.trim());
        trackUpload(sent.id, sent.acked);
        await sent.acked;
        return sent.id;
      },
      rejectWithValue,
    );
  },
);
