/**
 * Timing a send and a received message on the messages screen, inside the page: performance.now
 * at the Enter keydown, or at the WebSocket frame's arrival, to the frame after the bubble is in
 * the DOM.
 */
import type { Page } from 'playwright-core';
import { conversationsStrings } from '../../src/features/conversations/conversations-strings';
import { listSelector } from './chat-page';

/** Types `text` and presses Enter; ms from the keydown to the frame after its bubble shows. */
export async function timeSend(page: Page, name: string, text: string): Promise<number> {
  const field = page.getByRole('textbox', { name: conversationsStrings.chat.inputLabel });
  await field.fill(text);
  // A string, not a function: tsx would wrap a named in-page helper with a `__name` the page lacks.
  const timing = page.evaluate<number>(`new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no bubble after 60 s')), 60000);
    let pressed = 0;
    window.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') pressed = performance.now();
    }, { capture: true, once: true });
    const check = () => {
      const last = document.querySelector(${JSON.stringify(listSelector(name))})?.lastElementChild;
      const shown = pressed > 0 && (last?.textContent ?? '').includes(${JSON.stringify(text)});
      if (shown) requestAnimationFrame(() => resolve(performance.now() - pressed));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  await field.press('Enter');
  return timing;
}

/**
 * For `timeReceive`: the page's WebSockets note when a frame naming a 'Bench receive N' text
 * arrives (a listener added in the constructor runs before the SDK's own `onmessage`), and mark
 * it in a trace, if one is recorded.
 */
export const FRAME_CLOCK = `
  window.__frameAt = {};
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const seen = /Bench receive \\d+ [^"]*/.exec(event.data);
        if (!seen || window.__frameAt[seen[0]]) return;
        window.__frameAt[seen[0]] = performance.now();
        console.timeStamp(seen[0]); // where received-trace.ts's window starts
      });
    }
  };
`;

/**
 * Has `write` put a message from the friend (its text 'Bench receive N …', see FRAME_CLOCK)
 * on the server; ms from its WebSocket frame reaching the page to the frame after its bubble
 * shows: the page's own work for a received message, without the network.
 */
export async function timeReceive(
  page: Page,
  name: string,
  text: string,
  write: () => Promise<unknown>,
): Promise<number> {
  const timing = page.evaluate<number>(`new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no received bubble after 60 s')), 60000);
    const check = () => {
      const last = document.querySelector(${JSON.stringify(listSelector(name))})?.lastElementChild;
      const at = window.__frameAt[${JSON.stringify(text)}];
      if (at && (last?.textContent ?? '').includes(${JSON.stringify(text)})) {
        requestAnimationFrame(() => resolve(performance.now() - at));
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })`);
  await write();
  return timing;
}
