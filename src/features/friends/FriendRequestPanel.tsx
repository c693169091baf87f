import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CloseIcon, InboxIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import { componentsStrings } from '../../components/components-strings';
import { friendsStrings } from './friends-strings';
import { spec } from '../../strings/spec';
import type { FriendRequest } from '../../lib/firebase/records';
import { PersonAvatar, useDisplayName } from '../profiles';
import { acceptFriendRequest, declineFriendRequest } from './friends-thunks';
import { selectListMeta } from './friends-slice';
import { selectIncomingRequests } from './friends-selectors';

/** Requests others sent me, newest first, each with 'Accept'. */
export function FriendRequestPanel() {
  const requests = useAppSelector(selectIncomingRequests);
  const { status, error } = useAppSelector((state) => selectListMeta(state, 'requests'));
  return (
    <Panel
      title={spec.panels.friendRequest}
      count={requests.length}
      status={status}
      error={error}
      isEmpty={requests.length === 0}
      empty={friendsStrings.home.empty.requests}
      emptyIcon={<InboxIcon />}
    >
      <RowList label={spec.panels.friendRequest}>
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </RowList>
    </Panel>
  );
}

/** One request, named by the sender's current name (a rename shows at once). */
function RequestRow({ request }: { request: FriendRequest }) {
  const dispatch = useAppDispatch();
  const name = useDisplayName(request.senderId, request.senderName);
  return (
    <ListRow
      avatar={<PersonAvatar uid={request.senderId} name={name} photo={request.photo} />}
      title={name}
      subtitle={friendsStrings.home.sentYouARequest}
      actions={
        <>
          <RowAction
            label={componentsStrings.home.decline}
            icon={<CloseIcon className="h-4 w-4" />}
            variant="secondary"
            context={name}
            onAction={() => dispatch(declineFriendRequest(request))}
          />
          <RowAction
            label={spec.relation.accept}
            context={name}
            onAction={() => dispatch(acceptFriendRequest(request))}
          />
        </>
      }
    />
  );
}
