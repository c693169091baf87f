import { useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowAction } from '../../components/RowAction';
import type { Friendship } from '../../lib/firebase/records';
import { friendsStrings } from './friends-strings';
import { spec } from '../../strings/spec';
import { blockFriend } from './friends-thunks';
import { RowMenu, type RowMenuItem } from './RowMenu';

interface Props {
  friendship: Friendship;
  /** The friend's name, for the button's accessible name and the dialog's text. */
  name: string;
  /** In the row's '⋯' menu instead of a button, where the row's room belongs to the name. */
  menu?: boolean;
  /** Items the menu lists before 'Block' (the conversation list's mute, archive and pin). */
  moreItems?: readonly RowMenuItem[];
}

/**
 * A friend row's 'Block': it ends the conversation for both people, so it asks first, in a
 * dialog that says so. Cancelling changes nothing.
 */
export function BlockFriendAction({ friendship, name, menu = false, moreItems = [] }: Props) {
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  return (
    <>
      {menu ? (
        <RowMenu
          label={friendsStrings.a11y.rowMenu(name)}
          items={[
            ...moreItems,
            { label: spec.relation.block, danger: true, onSelect: () => setAsking(true) },
          ]}
        />
      ) : (
        <RowAction
          label={spec.relation.block}
          variant="danger"
          context={name}
          onAction={() => {
            setAsking(true);
            return undefined;
          }}
        />
      )}
      {asking ? (
        <ConfirmDialog
          title={friendsStrings.a11y.blockTitle(name)}
          description={friendsStrings.a11y.blockBody(name)}
          confirmLabel={friendsStrings.a11y.blockConfirm}
          onConfirm={() => dispatch(blockFriend(friendship))}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
