/**
 * What the composer sends: the text alone, or the text with the id of the message it replies
 * to and, in a group, the uids its '@Name's mention.
 */
export type OutgoingText = string | { text: string; replyTo?: string; mentions?: string[] };

export const textOf = (out: OutgoingText) => (typeof out === 'string' ? out : out.text);

export const replyExtras = (out: OutgoingText) =>
  typeof out !== 'string' && out.replyTo ? { replyTo: out.replyTo } : undefined;
