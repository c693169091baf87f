import type { ConversationKey } from '../../../conversation-key';
import type { Placements } from '../placement';
import type { CryptoNow } from '../sealing';
import type { makeFileBytes } from './file-bytes';
import { conversationFilePath, type MessageFileInfo } from './file-message';
import { chunkStore } from './file-upload';

/**
 * A file's download: read chunk by chunk from its conversation's instance within the three
 * connections (`placements.reach`: over a connection open anyway, else the slot, or REST when
 * the three are taken, never a fourth), each chunk opened with its sender's key. Bytes this page
 * has (my own sends, small downloads) are not read again.
 */
export function makeFileDownload(
  placements: Placements,
  cryptoNow: CryptoNow,
  bytes: ReturnType<typeof makeFileBytes>,
) {
  /**
   * The bytes of message file `file` in conversation `key`; `sealed`: its message was sealed
   * (then clear chunks are not taken). Rejects with FileUnreadable.
   */
  return (
    key: ConversationKey,
    file: MessageFileInfo,
    sealed: boolean,
    onProgress?: (received: number, total: number) => void,
  ): Promise<Blob> => {
    const path = conversationFilePath(key, file.id);
    const known = bytes.known(path);
    if (known) return known;
    const descriptor = file.descriptor;
    if (!descriptor) return Promise.reject(new Error('The file is not open'));
    const sender = file.sender ?? '';
    const blob = Promise.all([cryptoNow(), chunkStore(), placements.reach(key)]).then(
      ([crypto, { downloadChunks }, on]) =>
        downloadChunks(on, {
          conversation: key,
          fileId: file.id,
          chunks: descriptor.chunks,
          size: descriptor.size,
          type: descriptor.type,
          open: (index, value) =>
            crypto
              ? crypto.openChunk(key, sender, file.id, index, value, sealed)
              : Promise.resolve(null),
          onProgress: (received) => onProgress?.(received, descriptor.size),
        }),
    );
    bytes.remember(path, blob, descriptor.size);
    return blob;
  };
}
