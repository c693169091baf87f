import type { Id, ToastOptions } from 'react-toastify';

/** The most toasts on screen at once, leaving ones included (ToastContainer `limit` too). */
export const TOAST_LIMIT = 3;

export type ToastKind = 'success' | 'error' | 'info';

export interface HeldToast {
  id: Id;
  kind: ToastKind;
  text: string;
  options: ToastOptions;
}

/** What the slots ask of react-toastify once it is loaded. */
export interface ToastScreen {
  show(toast: HeldToast): void;
  update(id: Id, text: string): void;
  dismiss(id?: Id): void;
}

interface Placed {
  id: Id;
  notice: boolean;
  /** Closed (by its timer, a click or a dismiss): its place frees once it has left. */
  leaving: boolean;
}

/**
 * Which toasts are on screen: at most `limit`, counted as react-toastify counts them (from
 * shown until its exit animation has ended), so its own `limit` queue never holds one of ours.
 * That queue is first come, first served; this one is not. Toasts that answer the person (the
 * spec's catalogue, a failed write, a save) go first, and when the screen is full of notices the
 * oldest notice is closed to make room: they wait only for that exit, never behind news. Notices
 * (news: a message, a request) are one per thing: a notice for a thing on screen is updated in
 * place, one still waiting has its text replaced and keeps its turn. Until `attach`, everything
 * waits here in order (react-toastify loads with the first toast).
 */
export class ToastSlots {
  private placed: Placed[] = [];
  private first: HeldToast[] = [];
  private notices = new Map<Id, HeldToast>();
  private screen: ToastScreen | null = null;

  constructor(private readonly limit: number) {}

  get attached(): boolean {
    return this.screen !== null;
  }

  /** Whether a toast waits to be shown. */
  holding(): boolean {
    return this.first.length > 0 || this.notices.size > 0;
  }

  /** A toast that answers the person: shown before any notice. */
  show(toast: HeldToast): void {
    const placed = this.find(toast.id);
    // react-toastify drops a toast whose id is on screen; one leaving shows again once gone.
    if ((placed && !placed.leaving) || this.first.some((t) => t.id === toast.id)) return;
    this.first.push(toast);
    this.fill();
  }

  /** News about one thing (`toast.id`): one toast, updated in place. */
  notice(toast: HeldToast): void {
    const placed = this.find(toast.id);
    if (placed && !placed.leaving && this.screen) {
      this.screen.update(toast.id, toast.text);
      // The latest news is the last to make room.
      this.placed = [...this.placed.filter((p) => p !== placed), placed];
      return;
    }
    this.notices.set(toast.id, { ...toast, ...this.notices.get(toast.id), text: toast.text });
    this.fill();
  }

  /** Closes toast `id` (every toast without one), or drops it while it waits. */
  dismiss(id?: Id): void {
    if (id === undefined) {
      this.first = [];
      this.notices.clear();
      for (const placed of this.placed) placed.leaving = true;
      this.screen?.dismiss();
      return;
    }
    this.first = this.first.filter((t) => t.id !== id);
    this.notices.delete(id);
    const placed = this.find(id);
    if (placed && !placed.leaving) {
      placed.leaving = true;
      this.screen?.dismiss(id);
    }
  }

  /** Closes every notice, shown or waiting (news for someone who signed out); answers stay. */
  dismissNotices(): void {
    this.notices.clear();
    for (const placed of this.placed) {
      if (!placed.notice || placed.leaving) continue;
      placed.leaving = true;
      this.screen?.dismiss(placed.id);
    }
  }

  /** react-toastify closed toast `id` (its timer, a click): it is leaving. */
  removed(id: Id): void {
    const placed = this.find(id);
    if (placed) placed.leaving = true;
  }

  /** Toast `id` has left the screen: its place is free. */
  gone(id: Id): void {
    this.placed = this.placed.filter((p) => p.id !== id);
    this.fill();
  }

  attach(screen: ToastScreen): void {
    this.screen = screen;
    this.fill();
  }

  /** The container went away, and its toasts with it. */
  detach(): void {
    this.screen = null;
    this.placed = [];
  }

  private find(id: Id): Placed | undefined {
    return this.placed.find((p) => p.id === id);
  }

  private place(toast: HeldToast, notice: boolean): void {
    this.placed.push({ id: toast.id, notice, leaving: false });
    this.screen?.show(toast);
  }

  /**
   * Shows what waits while there is room, toasts that answer the person first (an id still
   * leaving waits for its own place); notices take only places none of those waits for.
   */
  private fill(): void {
    if (!this.screen) return;
    const queue = this.first;
    this.first = [];
    const waiting = queue.filter((toast) => {
      if (this.placed.length >= this.limit || this.find(toast.id)) return true;
      this.place(toast, false);
      return false;
    });
    this.first = [...waiting, ...this.first];
    this.makeRoom();
    for (const [id, toast] of this.notices) {
      if (this.placed.length + this.first.length >= this.limit) return;
      if (this.find(id)) continue;
      this.notices.delete(id);
      this.place(toast, true);
    }
  }

  /** Closes the oldest notices until every waiting toast that answers has a place coming. */
  private makeRoom(): void {
    const free = this.limit - this.placed.length;
    let freeing = free + this.placed.filter((p) => p.leaving).length;
    for (const placed of this.placed) {
      if (freeing >= this.first.length) return;
      if (!placed.notice || placed.leaving) continue;
      placed.leaving = true;
      freeing += 1;
      this.screen?.dismiss(placed.id);
    }
  }
}
