import { useState } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { composeStarted } from '../timeline';
import { fileProblem, sendConversationFile, type FileToSend } from './conversations-file-thunks';

/**
 * The composer's file sending: the attach button, paste and drop of anything that is not a photo,
 * and a recorded voice message, all end in `send`. A file too large or empty is refused at once
 * with its reason (nothing sent); the quoted message's id goes with it when the reply bar was
 * open, and comes back to the bar if the send fails.
 */
export function useFileSending(disabled: boolean, takeReply: () => string | undefined) {
  const dispatch = useAppDispatch();
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: Omit<FileToSend, 'replyTo'>) => {
    if (disabled) return;
    const refused = fileProblem(file.blob);
    setProblem(refused);
    if (refused) return;
    const replyTo = takeReply();
    void dispatch(sendConversationFile({ ...file, ...(replyTo ? { replyTo } : {}) })).then(
      (result) => {
        if (!sendConversationFile.rejected.match(result)) return;
        // A cancelled upload resolves; a refusal says why.
        setProblem(typeof result.payload === 'string' ? result.payload : null);
        if (replyTo) dispatch(composeStarted({ kind: 'reply', messageId: replyTo }));
      },
    );
  };

  return {
    problem,
    clearProblem: () => setProblem(null),
    send,
    sendFile: (file: File) => send({ blob: file, name: file.name }),
  };
}
