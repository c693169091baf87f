import { PagePlaceholder } from '../../components/PagePlaceholder';

export function HomePage() {
  return <PagePlaceholder title="Home" note="The dashboard is not built yet." />;
}
