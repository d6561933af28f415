import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Messages page (/admin/notifications), issue 6. */
export function MessagesPage() {
  return <PlaceholderPage title="Messages" />;
}

export { MessagesPage as Component };
