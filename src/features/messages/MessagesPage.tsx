import { PagePlaceholder } from '../../components/PagePlaceholder';

export function MessagesPage() {
  return <PagePlaceholder title="Messages" note="The chat is not built yet." />;
}
