/**
 * Section 8's table (web-vitals.ts measures): the /login screen's LCP and first screen, the
 * sends in a short and a long chat, and the emoji picker, median and worst against targets.
 */
import { CPU_SLOWDOWN } from './chat-send';
import { int, kb, ms, table } from './report';
import type { ChatSends, FirstScreen, Variant, VitalsResults } from './web-vitals';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const orUnder16 = (value: number) => (value > 0 ? ms(value) : '< 16 ms');

function firstScreenRows(runs: Record<Variant, FirstScreen[]>): string[][] {
  const of = (variant: Variant, key: keyof FirstScreen) => runs[variant].map((r) => r[key]);
  const row = (label: string, values: number[], target = '') => [
    label,
    ms(median(values)),
    ms(Math.max(...values)),
    target,
  ];
  const cls = of('prerendered', 'cls');
  return [
    row('  same visits: the form typeable (e-mail field shown)', of('prerendered', 'typeable')),
    row('  same visits: the app hydrated the page', of('prerendered', 'hydrated')),
    [
      '  same visits: Cumulative Layout Shift',
      median(cls).toFixed(3),
      Math.max(...cls).toFixed(3),
      '0',
    ],
    row('  client-rendered /login (the shell, as before), same run: LCP', of('client', 'lcp')),
    row('  client-rendered: the form typeable', of('client', 'typeable')),
  ];
}

/** A chat's rows in section 8's table: its sends, and its first open. */
function chatRows(chat: ChatSends): string[][] {
  const sends = String(chat.enterMs.length);
  return [
    [
      `Send in a ${int(chat.messages)}-message chat: Enter keydown/keyup (Event Timing, ${sends} sends)`,
      orUnder16(median(chat.enterMs)),
      orUnder16(Math.max(...chat.enterMs)),
      '200 ms',
    ],
    [
      '  same sends: sent bubble after Enter (to the frame after it shows)',
      ms(median(chat.bubbleMs)),
      ms(Math.max(...chat.bubbleMs)),
      '',
    ],
    ['  first open to newest message (one open)', ms(chat.openMs), '', ''],
  ];
}

export function printVitalsSummary(r: VitalsResults): void {
  const t = r.loginTransfer;
  const e = r.emoji;
  const picker = e.chunks.map((c) => `${c.file} ${kb(c.gzip)} gzip (${kb(c.raw)} raw)`);
  console.log(
    table(
      `8. Web vitals, Chromium at ${String(CPU_SLOWDOWN)}x CPU slowdown + slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), production build`,
      ['Measure', 'median', 'worst', 'target'],
      [
        [
          `/login Largest Contentful Paint, cold cache (${String(r.lcpMs.length)} visits)`,
          ms(median(r.lcpMs)),
          ms(Math.max(...r.lcpMs)),
          '1200 ms',
        ],
        ...firstScreenRows(r.firstScreen),
        ...chatRows(r.sends.short),
        ...chatRows(r.sends.long),
        [
          '  long / short: sent bubble after Enter',
          `${(median(r.sends.long.bubbleMs) / median(r.sends.short.bubbleMs)).toFixed(2)}x`,
          '',
          '≤ 1.2x',
        ],
        [
          `Emoji picker: click to emoji drawn, data cached, page reloaded (${String(e.cachedMs.length)} opens)`,
          ms(median(e.cachedMs)),
          ms(Math.max(...e.cachedMs)),
          '300 ms',
        ],
        [
          '  opened again in the same page',
          ms(median(e.reopenMs)),
          ms(Math.max(...e.reopenMs)),
          '',
        ],
      ],
    ),
  );
  console.log(
    `   /login transferred ${kb(t.bytes)} over the throttled link (scripts content-encoding: ${t.encoding}).\n` +
      '   Event Timing reports only events of 16 ms or more: "< 16 ms" means no entry.\n' +
      `   Emoji picker JavaScript: ${picker.join(', ') || 'none'} (target 20 kB gzip); its data ` +
      `${e.data.url} ${kb(e.data.bytes)} (${e.data.encoding}), then kept in IndexedDB; ` +
      `first open at 1x CPU with both downloaded: ${ms(e.firstMs)} (unthrottled link).`,
  );
}
