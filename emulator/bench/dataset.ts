import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const TEXT = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ';
const PER_CONVERSATION = 1000;

/** One chat message shaped like the app's, about 300 bytes of JSON. */
function message(c: number, m: number): string {
  const text = TEXT.repeat(2).slice(0, 120 + ((c * 7 + m) % 60));
  return JSON.stringify({
    from: `user${c % 100}`,
    to: `user${(c + 1) % 100}`,
    text,
    sentAt: 1_700_000_000_000 + m,
  });
}

function conversation(c: number): string {
  const parts: string[] = [];
  for (let m = 0; m < PER_CONVERSATION; m++)
    parts.push(`"m${String(m).padStart(6, '0')}":${message(c, m)}`);
  return `{${parts.join(',')}}`;
}

const convKey = (c: number): string => `c${String(c).padStart(5, '0')}`;

/**
 * Writes `{"messages": {...}}` of about `mb` megabytes as a plain export (the format `--data`
 * files had before the journal), one conversation at a time. Returns the conversation count.
 */
export async function writeDataset(file: string, mb: number): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  let c = 0;
  const put = async (s: string): Promise<void> => {
    bytes += s.length;
    if (!out.write(s)) await once(out, 'drain');
  };
  await put('{"messages":{');
  while (bytes < mb * 1024 * 1024) {
    await put(`${c === 0 ? '' : ','}"${convKey(c)}":${conversation(c)}`);
    c++;
  }
  await put('}}');
  out.end();
  await once(out, 'finish');
  return c;
}

/** Loads the same data through REST, a few conversations per request (for in-memory runs). */
export async function loadDatasetByRest(
  port: number,
  ns: string,
  conversations: number,
): Promise<void> {
  for (let c = 0; c < conversations; c += 8) {
    const parts: string[] = [];
    for (let i = c; i < Math.min(conversations, c + 8); i++)
      parts.push(`"${convKey(i)}":${conversation(i)}`);
    const res = await fetch(`http://127.0.0.1:${port}/messages.json?ns=${ns}&print=silent`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner' },
      body: `{${parts.join(',')}}`,
    });
    if (!res.ok) throw new Error(`loading failed: ${res.status} ${await res.text()}`);
  }
}
