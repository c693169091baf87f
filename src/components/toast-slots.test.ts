// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Id } from 'react-toastify';
import { ToastSlots, type HeldToast, type ToastScreen } from './toast-slots';

/** A screen that does what react-toastify does with the calls, and keeps a log of them. */
function fakeScreen() {
  const log: string[] = [];
  const texts = new Map<Id, string>();
  const screen: ToastScreen = {
    show: ({ id, text }) => {
      texts.set(id, text);
      log.push(`show ${String(id)}`);
    },
    update: (id, text) => {
      texts.set(id, text);
      log.push(`update ${String(id)}`);
    },
    dismiss: (id) => {
      log.push(`dismiss ${id === undefined ? 'all' : String(id)}`);
    },
  };
  return { screen, log, texts };
}

const answer = (id: string, text = id): HeldToast => ({ id, kind: 'error', text, options: {} });
const notice = (id: string, text = id): HeldToast => ({ id, kind: 'info', text, options: {} });

function attached(limit = 3) {
  const slots = new ToastSlots(limit);
  const fake = fakeScreen();
  slots.attach(fake.screen);
  /** react-toastify closes `id` (its timer, a click) and its exit animation ends. */
  const closes = (id: string) => {
    slots.removed(id);
    slots.gone(id);
  };
  return { slots, closes, ...fake };
}

describe('toast slots', () => {
  it('shows one toast per notice id, its text updated in place', () => {
    const { slots, log, texts } = attached();
    slots.notice(notice('m:ulla', '28 new messages from Ulla'));
    for (let n = 29; n <= 32; n += 1) {
      slots.notice(notice('m:ulla', `${String(n)} new messages from Ulla`));
    }
    expect(log).toEqual(['show m:ulla', ...Array<string>(4).fill('update m:ulla')]);
    expect(texts.get('m:ulla')).toBe('32 new messages from Ulla');
  });

  it('keeps at most `limit` on screen; a waiting notice shows once a place is free', () => {
    const { slots, closes, log, texts } = attached();
    for (const id of ['a', 'b', 'c', 'd']) slots.notice(notice(id));
    expect(log).toEqual(['show a', 'show b', 'show c']);
    // Waiting, it takes the latest text and keeps its turn.
    slots.notice(notice('e'));
    slots.notice(notice('d', 'd again'));
    slots.removed('a');
    expect(log).toHaveLength(3);
    slots.gone('a');
    expect(log.slice(3)).toEqual(['show d']);
    expect(texts.get('d')).toBe('d again');
    closes('b');
    expect(log.slice(4)).toEqual(['show e']);
    expect(slots.holding()).toBe(false);
  });

  it('shows a toast that answers the person at once when there is room', () => {
    const { slots, log } = attached();
    slots.notice(notice('a'));
    slots.show(answer('login-failed'));
    expect(log).toEqual(['show a', 'show login-failed']);
  });

  it('closes the oldest notice for a toast that answers the person, which goes before waiting notices', () => {
    const { slots, log } = attached();
    for (const id of ['a', 'b', 'c', 'd']) slots.notice(notice(id));
    // b is the latest news now: a is the oldest.
    slots.notice(notice('a', 'a updated'));
    slots.notice(notice('b', 'b updated'));
    log.length = 0;
    slots.show(answer('login-failed'));
    expect(log).toEqual(['dismiss c']);
    // Still leaving: nothing else shows, and no second notice is closed for the same toast.
    slots.removed('c');
    slots.show(answer('login-failed'));
    expect(log).toEqual(['dismiss c']);
    slots.gone('c');
    expect(log).toEqual(['dismiss c', 'show login-failed']);
    expect(slots.holding()).toBe(true);
  });

  it('closes no notice while enough toasts are leaving already', () => {
    const { slots, log } = attached();
    for (const id of ['a', 'b', 'c']) slots.notice(notice(id));
    slots.removed('b');
    log.length = 0;
    slots.show(answer('x'));
    expect(log).toEqual([]);
    slots.gone('b');
    expect(log).toEqual(['show x']);
  });

  it('lets toasts that answer the person wait for each other, first come first served', () => {
    const { slots, closes, log } = attached();
    for (const id of ['x1', 'x2', 'x3', 'x4']) slots.show(answer(id));
    slots.notice(notice('n'));
    expect(log).toEqual(['show x1', 'show x2', 'show x3']);
    closes('x2');
    expect(log.slice(3)).toEqual(['show x4']);
    closes('x1');
    expect(log.slice(4)).toEqual(['show n']);
  });

  it('drops a second show of an id on screen, as react-toastify does; once it is leaving it waits', () => {
    const { slots, log } = attached();
    slots.show(answer('login-failed'));
    slots.show(answer('login-failed'));
    expect(log).toEqual(['show login-failed']);
    slots.removed('login-failed');
    slots.show(answer('login-failed'));
    slots.notice(notice('n'));
    expect(log).toEqual(['show login-failed', 'show n']);
    slots.gone('login-failed');
    expect(log).toEqual(['show login-failed', 'show n', 'show login-failed']);
  });

  it('shows news about a thing again after its toast left, not while it leaves', () => {
    const { slots, log } = attached();
    slots.notice(notice('m:ulla', '1'));
    slots.removed('m:ulla');
    slots.notice(notice('m:ulla', '2'));
    expect(log).toEqual(['show m:ulla']);
    slots.gone('m:ulla');
    expect(log).toEqual(['show m:ulla', 'show m:ulla']);
  });

  it('drops a waiting toast that is dismissed, and closes one on screen', () => {
    const { slots, log } = attached(1);
    slots.notice(notice('a'));
    slots.notice(notice('b'));
    slots.dismiss('b');
    slots.dismiss('a');
    slots.gone('a');
    expect(log).toEqual(['show a', 'dismiss a']);
    expect(slots.holding()).toBe(false);
  });

  it('dismissing all drops every waiting toast too', () => {
    const { slots, log } = attached(1);
    slots.show(answer('x'));
    slots.show(answer('y'));
    slots.notice(notice('n'));
    slots.dismiss();
    slots.gone('x');
    expect(log).toEqual(['show x', 'dismiss all']);
    expect(slots.holding()).toBe(false);
  });

  it('keeps everything in order until a screen is attached, and starts empty on a new one', () => {
    const slots = new ToastSlots(3);
    slots.notice(notice('n'));
    slots.show(answer('x'));
    slots.notice(notice('n', 'n updated'));
    expect(slots.attached).toBe(false);
    expect(slots.holding()).toBe(true);
    const first = fakeScreen();
    slots.attach(first.screen);
    expect(first.log).toEqual(['show x', 'show n']);
    expect(first.texts.get('n')).toBe('n updated');
    // The container went away with its toasts: a new one has every place.
    slots.detach();
    const second = fakeScreen();
    slots.attach(second.screen);
    for (const id of ['a', 'b', 'c']) slots.notice(notice(id));
    expect(second.log).toEqual(['show a', 'show b', 'show c']);
  });

  it('closes every notice, shown or waiting, and leaves the answers', () => {
    const { slots, closes, log } = attached();
    slots.show(answer('saved'));
    for (const id of ['a', 'b', 'c']) slots.notice(notice(id));
    expect(log).toEqual(['show saved', 'show a', 'show b']);
    slots.dismissNotices();
    expect(log.slice(3)).toEqual(['dismiss a', 'dismiss b']);
    closes('a');
    closes('b');
    // 'c' waited: it is gone too, and the answer stays.
    expect(log.slice(5)).toEqual([]);
    slots.show(answer('next'));
    expect(log.slice(5)).toEqual(['show next']);
  });
});
