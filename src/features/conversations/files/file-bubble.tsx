import { useState } from 'react';
import { useAppSelector, useGateways } from '../../../store/hooks';
import type {
  ConversationMessage,
  FileDescriptor,
} from '../../../lib/firebase/conversations/shapes';
import { selectConversationKey } from '../timeline';
import { selectOutgoingState } from '../receipts';
import { useControlTabIndex } from '../message';
import { fileTypeOf, formatBytes, opensInTab } from './file-format';
import { DownloadIcon, ExternalIcon, FileTypeIcon } from './file-icons';
import { filesStrings } from './files-strings';
import { useUploadProgress } from './use-upload-progress';

/** The short label drawn on the icon: the extension, else the type's kind. */
function iconLabel(descriptor: FileDescriptor): string {
  const extension = descriptor.name.includes('.') ? (descriptor.name.split('.').pop() ?? '') : '';
  if (extension && extension.length <= 4) return extension.toUpperCase();
  return fileTypeOf(descriptor.type, descriptor.name).slice(0, 3).toUpperCase();
}

/** Saves `blob` under `name` through a temporary link (the browser's own download). */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A file message: its type icon, name and size. The sender sees the upload's progress with
 * 'Cancel'; everyone downloads it under its original name with a click, and a PDF or an image
 * also opens in a new tab on request.
 */
export function FileBubble({
  message,
  descriptor,
  light,
}: {
  message: ConversationMessage;
  descriptor: FileDescriptor;
  light: boolean;
}) {
  const { chatFiles } = useGateways();
  const conversation = useAppSelector(selectConversationKey);
  const tabIndex = useControlTabIndex();
  const upload = useUploadProgress(message.id);
  // Not on the server yet (sending, or refused): nothing to download, even before its upload
  // resumes here after a reload.
  const unsent = useAppSelector((state) => selectOutgoingState(state, message.id) !== null);
  const [received, setReceived] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const file = message.file;
  const kind = fileTypeOf(descriptor.type, descriptor.name);

  async function read(): Promise<Blob | null> {
    if (!conversation || !file) return null;
    setFailed(false);
    setReceived(0);
    try {
      return await chatFiles.download(conversation, file, message.sealed === 'open', (bytes) =>
        setReceived(bytes),
      );
    } catch {
      setFailed(true);
      return null;
    } finally {
      setReceived(null);
    }
  }

  async function download() {
    const blob = await read();
    if (blob) save(blob, descriptor.name);
  }

  async function openInTab() {
    // Opened now, inside the click, so no pop-up blocker stops it; filled once the bytes are here.
    const tab = window.open('', '_blank');
    const blob = await read();
    if (!blob || !tab) {
      tab?.close();
      return;
    }
    tab.opener = null;
    tab.location.href = URL.createObjectURL(blob);
  }

  const percent = (part: number, whole: number) =>
    whole > 0 ? Math.min(100, Math.floor((part / whole) * 100)) : 100;
  const muted = light ? 'text-brand-100' : 'text-slate-600';
  // Words on my own bubble's brand colour read at 4.5:1 over a dark tint, not a white one.
  const pill = `inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold focus:outline-hidden focus-visible:ring-4 ${light ? 'bg-black/15 text-white hover:bg-black/25 focus-visible:ring-white/40' : 'bg-white text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:ring-brand-100'}`;
  // The name and size get the card's whole width; the actions go under them, so a phone's
  // narrow bubble does not squeeze the name into a column beside two buttons. Wide enough for
  // both actions on one line, even with a short name.
  return (
    <div className="flex min-w-[11.5rem] flex-col gap-2 py-0.5" data-file-bubble>
      <div className="flex min-w-0 items-center gap-2.5">
        <FileTypeIcon
          label={iconLabel(descriptor)}
          className={`h-10 w-10 shrink-0 ${light ? 'text-white' : 'text-brand-600'}`}
        />
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium break-words" title={descriptor.name}>
            {descriptor.name}
          </p>
          <p className={`text-xs whitespace-nowrap ${muted}`}>
            {formatBytes(descriptor.size)} · {filesStrings.type[kind]}
          </p>
        </div>
      </div>
      {upload || unsent ? null : (
        <div className="flex flex-wrap gap-1.5">
          <button
            type="button"
            tabIndex={tabIndex}
            aria-label={filesStrings.download(descriptor.name)}
            title={filesStrings.download(descriptor.name)}
            aria-busy={received !== null || undefined}
            onClick={() => void download()}
            className={pill}
          >
            <DownloadIcon className="h-3.5 w-3.5" />
            {filesStrings.downloadShort}
          </button>
          {opensInTab(descriptor.type) ? (
            <button
              type="button"
              tabIndex={tabIndex}
              aria-label={filesStrings.openInTab(descriptor.name)}
              title={filesStrings.openInTab(descriptor.name)}
              onClick={() => void openInTab()}
              className={pill}
            >
              <ExternalIcon className="h-3.5 w-3.5" />
              {filesStrings.openShort}
            </button>
          ) : null}
        </div>
      )}
      {upload ? (
        // The bar has the card's width; the words and 'Cancel' go under it.
        <div className="flex flex-col gap-1">
          <progress
            className={`h-1.5 w-full appearance-none overflow-hidden rounded-full ${light ? '[&::-moz-progress-bar]:bg-white [&::-webkit-progress-bar]:bg-black/15 [&::-webkit-progress-value]:bg-white' : '[&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600'}`}
            max={upload.total || 1}
            value={upload.sent}
            aria-label={filesStrings.uploading(percent(upload.sent, upload.total))}
          />
          <div className="flex items-center justify-between gap-2">
            <span className={`text-xs tabular-nums ${muted}`} role="status">
              {filesStrings.uploading(percent(upload.sent, upload.total))}
            </span>
            <button
              type="button"
              tabIndex={tabIndex}
              aria-label={filesStrings.cancelUploadOf(descriptor.name)}
              onClick={() => void chatFiles.cancelUpload(message.id)}
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold focus:outline-hidden focus-visible:ring-4 ${light ? 'bg-black/15 text-white hover:bg-black/25 focus-visible:ring-white/40' : 'bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-brand-100'}`}
            >
              {filesStrings.cancelUpload}
            </button>
          </div>
        </div>
      ) : null}
      {received !== null ? (
        <p className={`text-xs tabular-nums ${muted}`} role="status">
          {filesStrings.downloading(percent(received, descriptor.size))}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className={`text-xs font-medium ${light ? 'text-white' : 'text-red-600'}`}>
          {filesStrings.unreadable}
        </p>
      ) : null}
    </div>
  );
}
