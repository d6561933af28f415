import { PlaceholderPage } from '../../components/PlaceholderPage';

/** The learner's in-app inbox (/inbox), issue 6. */
export function InboxPage() {
  return <PlaceholderPage title="Messages" />;
}

export { InboxPage as Component };
