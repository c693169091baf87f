/** Section 5's table: the chat bench's figures (chat-send.ts) for a short and a long chat. */
import { CPU_SLOWDOWN, SENDS, type ChatResults, type ChatRun } from './chat-send';
import { int, ms, table } from './report';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const orUnder16 = (value: number) => (value > 0 ? ms(value) : '< 16 ms');
/** Long over short; an Event Timing under 16 ms (no entry) counts as 16 ms. */
const ratio = (long: number[], short: number[], floor = 0) =>
  `${(Math.max(median(long), floor) / Math.max(median(short), floor)).toFixed(2)}x`;

export function printChatSummary(r: ChatResults): void {
  const row = (label: string, run: ChatRun) => [
    label,
    orUnder16(median(run.enterMs)),
    ms(median(run.sendMs)),
    ms(Math.max(...run.sendMs)),
    ms(median(run.receiveMs)),
    ms(run.openMs),
    int(run.messageNodes),
  ];
  const { short, long } = r;
  console.log(
    table(
      `5. Chat, Chromium at ${String(CPU_SLOWDOWN)}x CPU slowdown, 1280×720 (medians of ${String(SENDS)} sends and ${String(SENDS)} received messages)`,
      [
        'Conversation (paged back to its first message)',
        'Enter Event Timing',
        'sent bubble after Enter',
        'sent bubble max',
        'received: frame to bubble',
        'first open to newest message',
        'message nodes in DOM',
      ],
      [
        row(`${int(short.messages)} messages`, short),
        row(`${int(long.messages)} messages`, long),
        [
          'long / short (target ≤ 1.2x)',
          ratio(long.enterMs, short.enterMs, 16),
          ratio(long.sendMs, short.sendMs),
          '',
          ratio(long.receiveMs, short.receiveMs),
          `${(long.openMs / short.openMs).toFixed(2)}x`,
          '',
        ],
      ],
    ),
  );
  // Each conversation's first open, the click to its newest message on screen.
  const within = (run: ChatRun) => `${ms(run.openMs)} (${run.openMs <= 500 ? 'within' : 'over'})`;
  console.log(
    `Paged back to the first message: ${int(long.loaded)} of ${int(long.messages)} messages ` +
      `loaded in ${ms(long.pageBackMs)} (1x CPU)`,
  );
  console.log(
    `Open, click to the newest message on screen (target ≤ 500 ms): ` +
      `${int(short.messages)} messages ${within(short)}, ${int(long.messages)} messages ${within(long)}`,
  );
}
