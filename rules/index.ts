/** The whole rules tree, area by area. `npm run rules` writes it to database.rules.json. */
import type { RuleNode } from './builder';
import { chatImages, groupImages } from './conversations-images';
import { chatFiles, groupFiles } from './conversations-files';
import { groupHiddenMessages, hiddenMessages } from './conversations-hidden';
import { groupInbox } from './inbox-groups';
import { groupMessages } from './conversations-groups';
import { groupMembership, Mygroup, userGroups } from './groups';
import { inbox } from './inbox';
import { sendMessage } from './conversations-direct';
import { notifications } from './notifications';
import { pictures } from './profiles-pictures';
import { status } from './presence';
import { groupReads, reads, typing } from './conversations-reads';
import { settings } from './settings';
import { inboxPrefs } from './inbox-prefs';
import { drafts } from './conversations-drafts';
import { userPrivate, users } from './profiles';
import { friendRequest, pairs } from './friends-requests';
import { block, friendList } from './friends';
import { deviceKeyGrants, deviceKeys, deviceSeen } from './encryption-devices';
import { conversationKeyWaits, groupKeyWaits } from './encryption-key-waits';
import { conversationKeys, groupKeys } from './encryption-keys';
import { keyBackup } from './encryption-backup';
import { identityKeys } from './encryption-identity';
import { deviceLists } from './encryption-lists';
import { config, homes, placedOnTheirInstance, placement } from './conversations-placement';
import { hints } from './inbox-hints';

export const rules: RuleNode = placedOnTheirInstance({
  // Closed by default: every path below opens only what its area needs. `meta` (the schema
  // version, scripts/migrations) has no entry: only admin access reads or writes it.
  '.read': false,
  '.write': false,
  users,
  userPrivate,
  status,
  friendRequest,
  pictures,
  pairs,
  friendList,
  block,
  sendMessage,
  chatImages,
  // File and voice messages' bytes, in sealed chunks.
  chatFiles,
  inbox,
  reads,
  typing,
  settings,
  notifications,
  Mygroup,
  groupMembership,
  userGroups,
  groupMessages,
  // A group's own per-conversation trees, never shared with a friendship's.
  groupInbox,
  groupReads,
  groupImages,
  groupFiles,
  // Delete for me: each person's own lists of hidden messages.
  hiddenMessages,
  groupHiddenMessages,
  // End-to-end encryption: each person's identity key and each device's public key, signed by
  // it, and who may read them (docs/security/e2ee.md).
  identityKeys,
  deviceKeys,
  deviceKeyGrants,
  // The account's current devices, signed by its identity key: readers pin the highest version.
  deviceLists,
  // When each of my devices was last used, and its browser: mine alone.
  deviceSeen,
  conversationKeys,
  groupKeys,
  // Epoch keys owed to a party who had no device yet, served when they have one.
  conversationKeyWaits,
  groupKeyWaits,
  // Each person's own key backup (recovery key, and their identity key sealed).
  keyBackup,
  // Each person's own mute, archive and pins, and their drafts.
  inboxPrefs,
  drafts,
  // Where conversations live (docs/scaling.md): the instances, each person's home instance and
  // each conversation's instance, all on the directory.
  config,
  homes,
  placement,
  // "Conversation K has news", on the owner's home: wakes a look at K's instance.
  hints,
});
