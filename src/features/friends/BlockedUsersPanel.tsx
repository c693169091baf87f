import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { BanIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import { friendsStrings } from './friends-strings';
import { spec } from '../../strings/spec';
import type { Block } from '../../lib/firebase/records';
import { PersonAvatar, useDisplayName } from '../profiles';
import { unblockUser } from './friends-thunks';
import { selectListMeta } from './friends-slice';
import { selectMyBlocks } from './friends-selectors';

/** The people I blocked, each with 'Unblock' (only the blocker can unblock). */
export function BlockedUsersPanel() {
  const blocks = useAppSelector(selectMyBlocks);
  const { status, error } = useAppSelector((state) => selectListMeta(state, 'blocks'));
  return (
    <Panel
      title={spec.panels.blockedUsers}
      count={blocks.length}
      status={status}
      error={error}
      isEmpty={blocks.length === 0}
      empty={friendsStrings.home.empty.blocked}
      emptyIcon={<BanIcon />}
    >
      <RowList label={spec.panels.blockedUsers}>
        {blocks.map((block) => (
          <BlockedRow key={block.id} block={block} />
        ))}
      </RowList>
    </Panel>
  );
}

/** One person I blocked, by their current name (or as a deleted account). */
function BlockedRow({ block }: { block: Block }) {
  const dispatch = useAppDispatch();
  const name = useDisplayName(block.blockid, block.blockName);
  return (
    <ListRow
      avatar={<PersonAvatar uid={block.blockid} name={name} />}
      title={name}
      subtitle={friendsStrings.home.youBlocked}
      actions={
        <RowAction
          label={spec.relation.unblock}
          variant="secondary"
          context={name}
          onAction={() => dispatch(unblockUser(block))}
        />
      }
    />
  );
}
