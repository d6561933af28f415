import { hasPrivilege, type RoleId, roleNames } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useSignOut } from '../../features/auth/session';

const EditProviderModal = lazy(() => import('../../features/profile/EditProviderModal'));
const ChangePasswordModal = lazy(() => import('../../features/profile/ChangePasswordModal'));

const displayName = (s: Session) =>
  s.userDetails.fullName?.trim() ||
  [s.userDetails.firstName, s.userDetails.lastName].filter(Boolean).join(' ') ||
  s.userDetails.userName;
const initials = (name: string) =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

type Props = {
  session: Session;
  /** The learner area offers Log out only. */
  variant: 'admin' | 'learner';
};

/** The profile menu: Profile ('Edit provider'), Change password (unless HideChangePassword), Log out. */
export function ProfileMenu({ session, variant }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [modal, setModal] = useState<'profile' | 'password' | null>(null);
  // A modal stays mounted once opened so its closing transition can play.
  const [used, setUsed] = useState<{ profile?: boolean; password?: boolean }>({});
  const signOut = useSignOut();
  const menuId = useId();
  const buttonId = useId();
  const name = displayName(session);
  const roleId = session.privilegeObject.roles[0]?.id as RoleId | undefined;
  const subtitle = roleId && roleNames[roleId] ? roleNames[roleId] : session.userDetails.providerName;
  const canChangePassword = !hasPrivilege(session.privilegeObject, 'User', 'HideChangePassword');
  // The menu lines up with the button's end edge (popover positions are computed, not mirrored by CSS).
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';

  const open = (which: 'profile' | 'password') => {
    setAnchor(null);
    setUsed((u) => ({ ...u, [which]: true }));
    setModal(which);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        endIcon={<ExpandMore sx={{ display: { xs: 'none', sm: 'block' } }} />}
        sx={{ borderRadius: 6, px: 1, gap: 0.5, textAlign: 'start' }}
      >
        <Box component="span" sx={visuallyHidden}>
          Account menu for
        </Box>
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 14 }} aria-hidden>
          {initials(name)}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2, marginInlineStart: 0.5 }}>
          <Typography component="span" sx={{ display: 'block', fontSize: 14, fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: end }}
        transformOrigin={{ vertical: 'top', horizontal: end }}
        slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{name}</Typography>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
            {session.userDetails.providerName}
          </Typography>
        </Box>
        <Divider />
        {variant === 'admin' && (
          <MenuItem onClick={() => open('profile')}>
            <ListItemIcon>
              <PersonOutline fontSize="small" />
            </ListItemIcon>
            Profile
          </MenuItem>
        )}
        {variant === 'admin' && canChangePassword && (
          <MenuItem onClick={() => open('password')}>
            <ListItemIcon>
              <LockOutlined fontSize="small" />
            </ListItemIcon>
            Change password
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            signOut.mutate();
          }}
          disabled={signOut.isPending}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {used.profile && (
          <EditProviderModal open={modal === 'profile'} session={session} onClose={() => setModal(null)} />
        )}
        {used.password && <ChangePasswordModal open={modal === 'password'} onClose={() => setModal(null)} />}
      </Suspense>
    </>
  );
}
