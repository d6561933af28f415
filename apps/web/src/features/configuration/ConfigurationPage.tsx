import { PlaceholderPage } from '../../components/PlaceholderPage';

/** System Configuration page (/admin/Configuration), issue 4. */
export function ConfigurationPage() {
  return <PlaceholderPage title="System Configuration" />;
}

export { ConfigurationPage as Component };
