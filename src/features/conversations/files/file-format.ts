/** How sizes, durations and types of files read in a bubble. */
import type { filesStrings } from './files-strings';

/** '0 B', '980 B', '12 KB', '4.2 MB' (1 KB = 1024 bytes, as file managers count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${String(Math.round(kb))} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : String(Math.round(mb))} MB`;
}

/** '0:07', '4:30', '12:05' from milliseconds (whole seconds, rounded down). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes)}:${String(seconds).padStart(2, '0')}`;
}

export type FileTypeKind = keyof typeof filesStrings.type;

/** The kind of icon a file gets, from its MIME type and then its extension. */
export function fileTypeOf(type: string, name: string): FileTypeKind {
  const extension = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (/zip|tar|gzip|rar|7z|compressed/.test(type) || /^(zip|gz|tgz|rar|7z|tar)$/.test(extension))
    return 'archive';
  if (/spreadsheet|excel|csv/.test(type) || /^(xlsx?|ods|csv)$/.test(extension)) return 'sheet';
  if (/word|document|rtf/.test(type) || /^(docx?|odt|rtf)$/.test(extension)) return 'doc';
  if (type.startsWith('text/') || /^(txt|md|json)$/.test(extension)) return 'text';
  return 'other';
}

/** Types a browser shows in a tab of its own (opened there on request, else saved). */
export const opensInTab = (type: string) =>
  type === 'application/pdf' || /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(type);

/** A photo the photo path takes (compressed and shown inline); other files go as files. */
export const isPhotoFile = (file: Blob) => /^image\/(jpeg|png|webp|gif|avif|bmp)$/.test(file.type);
