import { isMenuGroup, type MenuEntry, type MenuGroup, type MenuItem } from '@assess/contracts/access';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { TOUCH_PX } from '../../components/touch';
import { sidebarColors } from '../theme';
import { MenuIcon } from './menuIcons';

const isActive = (pathname: string, path: string) => {
  const p = pathname.toLowerCase();
  const target = path.toLowerCase();
  return p === target || p.startsWith(`${target}/`);
};
const groupOf = (entries: MenuEntry[], pathname: string) =>
  entries.find((e): e is MenuGroup => isMenuGroup(e) && e.items.some((i) => isActive(pathname, i.path)))?.key;

const buttonSx = {
  color: sidebarColors.text,
  borderRadius: 2,
  mx: 1.5,
  my: 0.25,
  minHeight: TOUCH_PX,
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 40 },
  '&:hover': { bgcolor: sidebarColors.hover, color: sidebarColors.heading },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: sidebarColors.selectedBg,
    color: sidebarColors.selectedText,
  },
  '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: -2, bgcolor: sidebarColors.hover },
};

type Props = {
  entries: MenuEntry[];
  /** Icons only (mini mode, not hovered). */
  iconsOnly: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
};

/** The sidebar's menu: the visibleMenu entries, groups collapsible, the current route highlighted. */
export function SidebarMenu({ entries, iconsOnly, onNavigate }: Props) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<Set<string>>(() => new Set([groupOf(entries, pathname) ?? '']));

  // Opening a page inside a closed group opens the group.
  useEffect(() => {
    const key = groupOf(entries, pathname);
    if (key) setOpen((s) => (s.has(key) ? s : new Set(s).add(key)));
  }, [entries, pathname]);

  const toggle = (key: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <List component="ul" sx={{ py: 1 }} aria-label="Menu">
      {entries.map((e) =>
        isMenuGroup(e) ? (
          <Group
            key={e.key}
            group={e}
            open={open.has(e.key) && !iconsOnly}
            active={e.items.some((i) => isActive(pathname, i.path))}
            iconsOnly={iconsOnly}
            onToggle={() => toggle(e.key)}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ) : (
          <Item
            key={e.key}
            item={e}
            active={isActive(pathname, e.path)}
            iconsOnly={iconsOnly}
            onNavigate={onNavigate}
          />
        ),
      )}
    </List>
  );
}

function Item(props: {
  item: MenuItem;
  active: boolean;
  iconsOnly: boolean;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  const { item, active, iconsOnly, nested, onNavigate } = props;
  return (
    <ListItem disablePadding component="li">
      <ListItemButton
        component={NavLink}
        to={item.path}
        data-menu-key={item.key}
        selected={active}
        onClick={onNavigate}
        aria-label={iconsOnly ? item.label : undefined}
        sx={[buttonSx, nested ? { paddingInlineStart: 3.5, minHeight: 40 } : {}]}
      >
        <ListItemIcon>
          <MenuIcon name={item.icon} />
        </ListItemIcon>
        <ListItemText
          primary={item.label}
          sx={{ opacity: iconsOnly ? 0 : 1, whiteSpace: 'nowrap', transition: 'opacity 150ms' }}
          slotProps={{ primary: { sx: { fontSize: nested ? 14 : 15 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function Group(props: {
  group: MenuGroup;
  open: boolean;
  active: boolean;
  iconsOnly: boolean;
  pathname: string;
  onToggle: () => void;
  onNavigate?: () => void;
}) {
  const { group, open, active, iconsOnly, pathname, onToggle, onNavigate } = props;
  const id = useId();
  return (
    <ListItem disablePadding component="li" sx={{ display: 'block' }}>
      <ListItemButton
        onClick={onToggle}
        data-menu-key={group.key}
        aria-expanded={open}
        aria-controls={id}
        aria-label={iconsOnly ? group.label : undefined}
        sx={[buttonSx, active && !open ? { color: sidebarColors.heading, bgcolor: sidebarColors.hover } : {}]}
      >
        <ListItemIcon>
          <MenuIcon name={group.icon} />
        </ListItemIcon>
        <ListItemText
          primary={group.label}
          sx={{ opacity: iconsOnly ? 0 : 1, whiteSpace: 'nowrap' }}
          slotProps={{ primary: { sx: { fontSize: 15, fontWeight: 500 } } }}
        />
        {!iconsOnly && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
      </ListItemButton>
      <Collapse in={open} timeout="auto" id={id}>
        <List component="ul" disablePadding aria-label={group.label}>
          {group.items.map((i) => (
            <Item
              key={i.key}
              item={i}
              nested
              active={isActive(pathname, i.path)}
              iconsOnly={iconsOnly}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}
