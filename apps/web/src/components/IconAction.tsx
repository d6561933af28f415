import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/**
 * A row's or node's small icon button, named by `label`; its tooltip stays when it is disabled (a disabled
 * button gets no pointer events: the tooltip sits on a wrapping span), so it can say why the action is off.
 */
export function IconAction({
  label,
  tooltip,
  disabled,
  onClick,
  color,
  sx,
  children,
}: {
  label: string;
  tooltip: string;
  disabled: boolean;
  onClick?: () => void;
  color?: IconButtonProps['color'];
  sx?: IconButtonProps['sx'];
  children: ReactNode;
}) {
  return (
    <Tooltip title={tooltip} disableInteractive>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          color={color}
          sx={sx}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
