/**
 * `hiddenMessages/{uid}/{conversationId}/{msgId}` and `groupHiddenMessages/{uid}/{groupId}/{msgId}`: the
 * messages `uid` deleted for themself (docs/data-model.md, Message actions), `true` each. Read
 * and written by `uid` alone, on every device; nobody else is affected. Two trees, so a
 * relationship id and a group id never name the same list.
 */
import { and, x, type RuleNode } from './builder';
import { eq, newValue, ownRecord, variable } from './conditions';

const idOf = (name: string) =>
  and(x`${variable(name)}.length >= 1`, x`${variable(name)}.length <= 128`);

const hiddenOf = (conversation: 'conversationId' | 'groupId'): RuleNode =>
  ownRecord({
    [`$${conversation}`]: {
      '.validate': and(idOf(conversation), x`newData.hasChildren()`),
      $msgId: { '.validate': and(idOf('msgId'), eq(newValue, x`true`)) },
    },
  });

export const hiddenMessages: RuleNode = hiddenOf('conversationId');
export const groupHiddenMessages: RuleNode = hiddenOf('groupId');
