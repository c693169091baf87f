import { MESSAGE_MAX_LENGTH } from '../../../lib/firebase/conversations/shapes';

/** The counter appears once this few characters are left. */
export const COUNTER_FROM_REMAINING = 500;

export interface LengthCheck {
  /** Characters that would be sent (the trimmed text). */
  length: number;
  showCounter: boolean;
  /** Characters beyond the limit; 0 when the message fits. */
  over: number;
}

/** Whether `text` fits the rules' limit once trimmed, and whether to show the counter. */
export function checkLength(text: string, max: number = MESSAGE_MAX_LENGTH): LengthCheck {
  const length = text.trim().length;
  return {
    length,
    showCounter: length >= max - COUNTER_FROM_REMAINING,
    over: Math.max(0, length - max),
  };
}
