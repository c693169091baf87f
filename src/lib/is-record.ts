/** Whether `value` is a plain object read from the database or storage (not null, not a primitive). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
