import { useRouteTitle } from '../../app/usePageTitle';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Every routed area not built yet renders this with its route title (handle.title). */
export function PlaceholderRoute() {
  return <PlaceholderPage title={useRouteTitle() ?? 'Coming soon'} />;
}

export { PlaceholderRoute as Component };
