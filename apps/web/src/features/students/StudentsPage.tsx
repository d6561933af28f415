import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Students grid (/admin/users), issue 5. */
export function StudentsPage() {
  return <PlaceholderPage title="Students" />;
}

export { StudentsPage as Component };
