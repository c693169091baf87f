/**
 * A voice message and a PDF in the first demo conversation (Alice and Bob), so the player and
 * the file card show on the first `npm start`. Both are made here, not stored as blobs: the voice
 * is a few seconds of a warbling tone as 8 kHz WAV, the PDF a one-page trip plan. Written the way
 * the app's send writes them (src/lib/firebase/conversations/files/), clear like the demo's
 * photos (the demo conversations hold no epoch keys): one chunk each, marked done.
 */
import { toBase64Url } from '../../src/lib/crypto/crypto-bytes';
import {
  chunkCount,
  chunkKey,
  type FileDescriptor,
  type FileKind,
} from '../../src/lib/firebase/conversations/files/file-message';
import { waveformOf } from '../../src/features/conversations/files/voice-levels';

type Fields = Record<string, unknown>;

const RATE = 8000;

/** `seconds` of a voice-like tone (syllables of a gliding pitch) as 8-bit mono WAV. */
export function demoVoiceWav(seconds: number): { bytes: Uint8Array; levels: number[] } {
  const samples = Math.round(seconds * RATE);
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  const loudness: number[] = [];
  let phase = 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / RATE;
    // Syllables of about a fifth of a second, with pauses between words.
    const syllable = Math.max(0, Math.sin(Math.PI * ((t * 5) % 1)));
    const word = (t * 1.3) % 1 < 0.8 ? 1 : 0.05;
    const envelope = syllable * word * (0.6 + 0.4 * Math.sin(t * 2.1));
    phase += (2 * Math.PI * (170 + 40 * Math.sin(t * 3))) / RATE;
    const value = envelope * (0.7 * Math.sin(phase) + 0.3 * Math.sin(2 * phase));
    bytes[44 + i] = Math.round(128 + 100 * value);
    sum += value * value;
    if ((i + 1) % 400 === 0) {
      loudness.push(Math.sqrt(sum / 400));
      sum = 0;
    }
  }
  return { bytes, levels: waveformOf(loudness, 48) };
}

/** A one-page PDF of `lines` (Helvetica), with its cross-reference table. */
export function demoPdf(title: string, lines: string[]): Uint8Array {
  const escape = (value: string) => value.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const content = [
    'BT /F1 22 Tf 72 720 Td',
    `(${escape(title)}) Tj`,
    '/F1 13 Tf 0 -34 Td 18 TL',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${String(content.length)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${String(i + 1)} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

interface DemoFile {
  kind: FileKind;
  words: string;
  bytes: Uint8Array;
  descriptor: FileDescriptor;
}

function demoFiles(): DemoFile[] {
  const voice = demoVoiceWav(6);
  const pdf = demoPdf('Saturday hike: trip plan', [
    '8:00  Meet at the trailhead (car park B)',
    '8:15  Start up the ridge trail, 11 km loop',
    '12:30 Lunch at the lake hut',
    '16:00 Back at the cars',
    '',
    'Bring: water (2 l), a warm layer, the blue map, coffee.',
  ]);
  return [
    {
      kind: 'voice',
      words: 'Voice message 0:06',
      bytes: voice.bytes,
      descriptor: {
        name: 'voice',
        type: 'audio/wav',
        size: voice.bytes.length,
        chunks: chunkCount(voice.bytes.length),
        durationMs: 6000,
        levels: voice.levels,
      },
    },
    {
      kind: 'file',
      words: '📎 Trip plan.pdf',
      bytes: pdf,
      descriptor: {
        name: 'Trip plan.pdf',
        type: 'application/pdf',
        size: pdf.length,
        chunks: chunkCount(pdf.length),
      },
    },
  ];
}

/**
 * A voice message and a PDF from the first demo user in their conversation with the second, just
 * before the first user's own last message there: every unread count, read marker and inbox
 * preview stays as the conversation made them (each counts the friend's messages after one's own
 * last one).
 */
export function demoFileEntries(
  data: Fields,
  firstUid: string,
  secondUid: string,
  nextId: (time: number) => string,
): Fields {
  let last: { conversationId: string; message: Fields } | null = null;
  for (const [key, value] of Object.entries(data)) {
    const match = /^sendMessage\/([^/]+)\/[^/]+$/.exec(key);
    const message = value as Fields;
    if (!match || message.messagesenderId !== firstUid || message.messagereceiverId !== secondUid)
      continue;
    if (!last || (message.createdAt as number) > (last.message.createdAt as number))
      last = { conversationId: match[1], message };
  }
  if (!last) return {};
  const out: Fields = {};
  const { conversationId, message } = last;
  demoFiles().forEach((file, i) => {
    const createdAt = (message.createdAt as number) - (4 - 2 * i) * 60_000;
    const id = nextId(createdAt);
    out[`sendMessage/${conversationId}/${id}`] = {
      message: file.words,
      messagesenderId: message.messagesenderId,
      massagesenderName: message.massagesenderName,
      messagereceiverId: message.messagereceiverId,
      messagereceiverName: message.messagereceiverName,
      createdAt,
      kind: file.kind,
      fileId: id,
      file: JSON.stringify(file.descriptor),
    };
    const node = `chatFiles/${conversationId}/${id}`;
    out[node] = {
      owner: message.messagesenderId,
      last: chunkKey(file.descriptor.chunks - 1),
      createdAt,
      parts: { [chunkKey(0)]: toBase64Url(file.bytes) },
      have: { [chunkKey(0)]: true },
      done: true,
    };
  });
  return out;
}
