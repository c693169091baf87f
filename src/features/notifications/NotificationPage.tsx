import { PagePlaceholder } from '../../components/PagePlaceholder';
import { strings } from '../../strings';

export function NotificationPage() {
  return <PagePlaceholder title={strings.placeholders.notification} note="Not built yet." />;
}
