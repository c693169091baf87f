import { useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/store';
import { selectGroup, selectRosterView } from '../groups';
import { encryptionStrings } from './encryption-strings';
import { LockIcon } from './NoticeBar';
import { selectEncryptionOwner } from './encryption-slice';
import { SecurityCodeDialog } from './SecurityCodeDialog';
import { useSecurityCode } from './use-security-code';

interface Member {
  uid: string;
  name: string;
}

/** The group's name, and its admin and members but me, by name. */
function useOtherMembers(groupId: string): { name: string; members: Member[] } {
  const me = useAppSelector(selectEncryptionOwner);
  const group = useAppSelector((state: RootState) => selectGroup(state, groupId));
  const roster = useAppSelector((state: RootState) => selectRosterView(state, groupId));
  const members: Member[] = roster.members.map((m) => ({ uid: m.uid, name: m.username }));
  if (group && !members.some((m) => m.uid === group.adminId)) {
    members.unshift({ uid: group.adminId, name: group.adminName });
  }
  return { name: group?.groupName ?? '', members: members.filter((m) => m.uid !== me) };
}

/**
 * A group conversation's 'Verify members': each member's verification state on this device
 * (verified, not verified, security code changed, no encryption yet), each with the security code
 * between me and them to compare.
 */
export function VerifyMembers({ groupId }: { groupId: string }) {
  const [open, setOpen] = useState(false);
  const { name: groupName, members } = useOtherMembers(groupId);
  const [verifying, setVerifying] = useState<Member | null>(null);
  return (
    <>
      {/* Below 1024 px a lock alone, as 'Verify security code', so the group's name keeps room. */}
      <Button
        variant="link"
        aria-label={encryptionStrings.verifyMembers}
        title={encryptionStrings.verifyMembers}
        className="text-sm max-lg:h-9 max-lg:w-9 max-lg:rounded-full max-lg:hover:bg-slate-100"
        onClick={() => setOpen(true)}
      >
        <LockIcon className="h-5 w-5 lg:hidden" />
        <span className="max-lg:hidden">{encryptionStrings.verifyMembers}</span>
      </Button>
      {open && !verifying && (
        <Modal
          title={encryptionStrings.verifyMembers}
          description={encryptionStrings.verifyMembersIntro}
          onClose={() => setOpen(false)}
        >
          {members.length === 0 ? (
            <p className="text-sm text-slate-600">{encryptionStrings.noOtherMembers}</p>
          ) : (
            <ul
              aria-label={encryptionStrings.membersLabel(groupName)}
              className="divide-y divide-slate-100"
            >
              {members.map((member) => (
                <MemberRow
                  key={member.uid}
                  member={member}
                  groupId={groupId}
                  onVerify={() => setVerifying(member)}
                />
              ))}
            </ul>
          )}
        </Modal>
      )}
      {verifying && (
        <SecurityCodeDialog
          friendUid={verifying.uid}
          friendName={verifying.name}
          groupId={groupId}
          onClose={() => setVerifying(null)}
        />
      )}
    </>
  );
}

const stateTone = {
  verified: 'bg-emerald-50 text-emerald-800',
  unverified: 'bg-slate-100 text-slate-700',
  changed: 'bg-amber-50 text-amber-900',
  none: 'bg-slate-50 text-slate-500',
  loading: 'bg-slate-50 text-slate-500',
} as const;

function MemberRow(props: { member: Member; groupId: string; onVerify: () => void }) {
  const { member, groupId, onVerify } = props;
  const view = useSecurityCode(member.uid, groupId);
  const state =
    view.kind === 'ready'
      ? view.changed
        ? 'changed'
        : view.verified
          ? 'verified'
          : 'unverified'
      : view.kind;
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <span className="min-w-0 truncate text-sm font-medium text-slate-900">{member.name}</span>
      <span className="flex shrink-0 items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateTone[state]}`}>
          {encryptionStrings.memberState[state]}
        </span>
        <Button
          variant="secondary"
          className="h-8 px-2.5 text-xs"
          disabled={view.kind !== 'ready'}
          aria-label={encryptionStrings.verifyMember(member.name)}
          onClick={onVerify}
        >
          {encryptionStrings.verifyShort}
        </Button>
      </span>
    </li>
  );
}
