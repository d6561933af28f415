import { hasPrivilege } from '@assess/contracts/access';
import {
  type ConfigurationKey,
  configurationMessages,
  configurationSectionsFor,
} from '@assess/contracts/configuration';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { resetListPaging } from '../../components/listPaging';
import { useSignedInSession } from '../auth/session';
import { ConfigurationSection } from './ConfigurationSection';

/**
 * System Configuration page (/admin/Configuration, spec part 1 §2): one collapsible section per type
 * (no Objective / Target Audience for provider type 3). ViewSystemConfiguration shows the page,
 * AddSystemConfiguration the Add, Active/InactiveSystemConfiguration the switch; the server checks the same.
 */
export function ConfigurationPage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const [expanded, setExpanded] = useState<ReadonlySet<ConfigurationKey>>(() => new Set(['Interest']));
  const toggle = (key: ConfigurationKey) =>
    setExpanded((cur) => {
      const next = new Set(cur);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  // Opening the page resets the paging of the test, question and course lists to page 1, size 10.
  useEffect(() => resetListPaging(), []);

  if (!hasPrivilege(p, 'SystemConfiguration', 'ViewSystemConfiguration')) {
    return <EmptyState message={configurationMessages.notFound} />;
  }
  const canAdd = hasPrivilege(p, 'SystemConfiguration', 'AddSystemConfiguration');
  const canToggle = hasPrivilege(p, 'SystemConfiguration', 'Active/InactiveSystemConfiguration');
  const sections = configurationSectionsFor(session.userDetails.providerTypeId);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h1" sx={{ fontSize: 22, fontWeight: 600 }}>
        System Configurations
      </Typography>
      <Box>
        {sections.map((key) => (
          <ConfigurationSection
            key={key}
            typeKey={key}
            expanded={expanded.has(key)}
            onToggle={() => toggle(key)}
            canAdd={canAdd}
            canToggle={canToggle}
          />
        ))}
      </Box>
    </Box>
  );
}

export { ConfigurationPage as Component };
