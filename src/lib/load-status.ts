/** Where a live list stands: 'loading' until its listener first answers. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface LiveListMeta {
  status: LoadStatus;
  error: string | null;
}

export const liveListLoading: LiveListMeta = { status: 'loading', error: null };
export const liveListIdle: LiveListMeta = { status: 'idle', error: null };
