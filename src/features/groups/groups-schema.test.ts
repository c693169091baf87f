// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupSchema } from './groups-schema';

/** The first message per field, as the form shows it. */
const errorsOf = async (values: Record<string, string>) => {
  const messages: string[] = [];
  for (const field of ['groupName', 'groupTag']) {
    try {
      await groupSchema.validateAt(field, values);
    } catch (error) {
      messages.push((error as Error).message);
    }
  }
  return messages;
};

describe('groupSchema', () => {
  it('accepts a name and tag within the limits, trimmed', async () => {
    expect(await errorsOf({ groupName: '  Hikers ', groupTag: 'Up a hill' })).toEqual([]);
    expect(groupSchema.cast({ groupName: '  Hikers ', groupTag: ' x y ' })).toEqual({
      groupName: 'Hikers',
      groupTag: 'x y',
    });
  });

  it('explains what is missing', async () => {
    expect(await errorsOf({ groupName: '  ', groupTag: '' })).toEqual([
      'Give the group a name',
      'Give the group a tag line',
    ]);
  });

  it('explains the length limits', async () => {
    expect(await errorsOf({ groupName: 'H', groupTag: 'x'.repeat(61) })).toEqual([
      'The name must be 2 to 30 characters',
      'The tag line must be 2 to 60 characters',
    ]);
  });
});
