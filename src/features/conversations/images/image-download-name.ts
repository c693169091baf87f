/** 'chatty-photo-2026-11-25-0247.webp': when it was sent, in the format it is stored in. */
export function downloadName(createdAt: number, dataUrl: string): string {
  const date = new Date(createdAt || Date.now());
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
  const extension = dataUrl.startsWith('data:image/jpeg') ? 'jpg' : 'webp';
  return `chatty-photo-${stamp}.${extension}`;
}
