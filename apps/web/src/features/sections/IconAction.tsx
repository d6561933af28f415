import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** An icon button of the sections screen with its label as tooltip (kept on a disabled button). */
export function IconAction(props: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  color?: 'error' | 'primary';
  size?: 'small';
}) {
  return (
    <Tooltip title={props.label} disableInteractive>
      <span>
        <IconButton
          size={props.size}
          aria-label={props.label}
          disabled={props.disabled}
          onClick={props.onClick}
          color={props.color}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
