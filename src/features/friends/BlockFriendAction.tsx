import { useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RowAction } from '../../components/RowAction';
import type { Friendship } from '../../lib/firebase/records';
import { strings } from '../../strings';
import { blockFriend } from './friends-thunks';
import { RowMenu } from './RowMenu';

interface Props {
  friendship: Friendship;
  /** The friend's name, for the button's accessible name and the dialog's text. */
  name: string;
  /** In the row's '⋯' menu instead of a button, where the row's room belongs to the name. */
  menu?: boolean;
}

/**
 * A friend row's 'Block': it ends the conversation for both people, so it asks first, in a
 * dialog that says so. Cancelling changes nothing.
 */
export function BlockFriendAction({ friendship, name, menu = false }: Props) {
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const s = strings.a11y;
  return (
    <>
      {menu ? (
        <RowMenu
          label={s.rowMenu(name)}
          items={[{ label: strings.relation.block, danger: true, onSelect: () => setAsking(true) }]}
        />
      ) : (
        <RowAction
          label={strings.relation.block}
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
          title={s.blockTitle(name)}
          description={s.blockBody(name)}
          confirmLabel={s.blockConfirm}
          onConfirm={() => dispatch(blockFriend(friendship))}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
