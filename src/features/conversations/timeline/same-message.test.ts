// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { conversationsSlice, conversationOpened, latestReceived } from './conversations-slice';
import { message } from '../../../testing/render-with-conversation';

const reduce = conversationsSlice.reducer;
const window = (createdAtOf3 = 3000) => [
  message('m1', 'bo', 1000),
  message('m2', 'me', 2000),
  message('m3', 'me', createdAtOf3),
];

describe('the live window repeating its messages', () => {
  it('leaves the loaded messages untouched when nothing changed, so no row re-renders', () => {
    const opened = reduce(undefined, conversationOpened('r'));
    const first = reduce(opened, latestReceived({ key: 'd:r', messages: window() }));
    // Firebase hands over new objects on every answer, with the same content.
    const again = reduce(first, latestReceived({ key: 'd:r', messages: window() }));
    expect(again.entities).toBe(first.entities);
    expect(again.ids).toBe(first.ids);
  });

  it('takes a changed message (the server time replacing the estimate) and a new one', () => {
    const opened = reduce(undefined, conversationOpened('r'));
    const first = reduce(opened, latestReceived({ key: 'd:r', messages: window() }));
    const acked = reduce(
      first,
      latestReceived({ key: 'd:r', messages: [...window(3500), message('m4', 'bo', 4000)] }),
    );
    expect(acked.entities.m3.createdAt).toBe(3500);
    expect(acked.entities.m1).toBe(first.entities.m1);
    expect(acked.ids).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});
