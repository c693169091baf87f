import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CloseIcon, InboxIcon } from '../../components/icons';
import { ListRow, RowList } from '../../components/ListRow';
import { Panel } from '../../components/Panel';
import { RowAction } from '../../components/RowAction';
import { strings } from '../../strings';
import { PersonAvatar } from '../users';
import { acceptFriendRequest, declineFriendRequest } from './relationship-thunks';
import { selectListMeta } from './relationships-slice';
import { selectIncomingRequests } from './selectors';

/** Requests others sent me, newest first, each with 'Accept'. */
export function FriendRequestPanel() {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectIncomingRequests);
  const { status, error } = useAppSelector((state) => selectListMeta(state, 'requests'));
  return (
    <Panel
      title={strings.panels.friendRequest}
      count={requests.length}
      status={status}
      error={error}
      isEmpty={requests.length === 0}
      empty={strings.home.empty.requests}
      emptyIcon={<InboxIcon />}
    >
      <RowList label={strings.panels.friendRequest}>
        {requests.map((request) => (
          <ListRow
            key={request.id}
            avatar={
              <PersonAvatar
                uid={request.senderId}
                name={request.senderName}
                photo={request.photo}
              />
            }
            title={request.senderName}
            subtitle={strings.home.sentYouARequest}
            actions={
              <>
                <RowAction
                  label={strings.home.decline}
                  icon={<CloseIcon className="h-4 w-4" />}
                  variant="secondary"
                  context={request.senderName}
                  onAction={() => dispatch(declineFriendRequest(request))}
                />
                <RowAction
                  label={strings.relation.accept}
                  context={request.senderName}
                  onAction={() => dispatch(acceptFriendRequest(request))}
                />
              </>
            }
          />
        ))}
      </RowList>
    </Panel>
  );
}
