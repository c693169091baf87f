import { PagePlaceholder } from '../../components/PagePlaceholder';
import { strings } from '../../strings';

export function SettingsPage() {
  return <PagePlaceholder title={strings.placeholders.settings} note="Not built yet." />;
}
