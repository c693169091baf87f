// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupSuccessionChanges, longestStanding } from './succession';

describe('longestStanding', () => {
  it('picks the earliest join, the uid breaking a tie, and nobody from nobody', () => {
    const bob = { uid: 'bob', username: 'Bob', at: 20 };
    const carol = { uid: 'carol', username: 'Carol', at: 10 };
    const dave = { uid: 'dave', username: 'Dave', at: 10 };
    expect(longestStanding([bob, dave, carol])).toBe(carol);
    expect(longestStanding([bob])).toBe(bob);
    expect(longestStanding([])).toBeNull();
  });
});

describe('groupSuccessionChanges', () => {
  it('hands the group over: new admin and name, and the successor leaves the roster', () => {
    const successor = { uid: 'carol', username: 'Carol', at: 1 };
    expect(groupSuccessionChanges('g1', [{ uid: 'carol' }, { uid: 'bob' }], successor)).toEqual({
      'Mygroup/g1/adminId': 'carol',
      'Mygroup/g1/adminName': 'Carol',
      'groupMembership/g1/carol': null,
      'userGroups/carol/g1': null,
    });
  });

  it('closes a group with no successor, with every roster entry and its mirror', () => {
    expect(groupSuccessionChanges('g1', [{ uid: 'erin' }, { uid: 'dave' }], null)).toEqual({
      'Mygroup/g1': null,
      'groupMembership/g1/erin': null,
      'userGroups/erin/g1': null,
      'groupMembership/g1/dave': null,
      'userGroups/dave/g1': null,
    });
  });
});
