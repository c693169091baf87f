import type { ReactNode } from 'react';

/**
 * The connection as a chat panel shows it. The inbox feature owns connectivity; the route
 * hands it down, so a conversation never reads the inbox (which reads conversations).
 */
export interface Connectivity {
  connectivity?: { offline: boolean; banner: ReactNode };
  /** The header's menu of the inbox's per-person state (mute, pin, archive). */
  headerMenu?: ReactNode;
}
