import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import type { TransitionProps } from '@mui/material/transitions';
import { type ReactElement, type ReactNode, type Ref, useId } from 'react';
import { BusyButton } from './BusyButton';
import { useConfirm } from './Confirm';

/** The generic modal's slide-down transition (spec part 1 §2 "Generic modal"). */
export const MODAL_TRANSITION_MS = 1000;

/** The question a form dialog with unsaved changes asks before it closes (the spec has no wording for it). */
export const discardChanges = {
  title: 'Discard changes?',
  message: 'The changes you made in this form have not been saved. Close it and lose them?',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

function SlideDown({ ref, ...props }: TransitionProps & { children: ReactElement; ref?: Ref<unknown> }) {
  return <Slide direction="down" ref={ref} {...props} />;
}

export type AppModalProps = {
  open: boolean;
  onClose: () => void;
  /** Header text; without it the modal has no header bar (the close button stays). */
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a Cancel button (calls onClose). */
  showCancel?: boolean;
  cancelText?: string;
  /** Shows an OK button calling onOk; okLoading shows a spinner and disables it. */
  onOk?: () => void;
  okText?: string;
  okDisabled?: boolean;
  okLoading?: boolean;
  /** Extra buttons placed after Cancel and before OK (or instead of them). */
  actions?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  /** Keeps the modal open on backdrop click / Escape (e.g. while saving). */
  disableClose?: boolean;
  /**
   * The form inside holds unsaved changes (e.g. react-hook-form's isDirty): Escape, a backdrop click, the close
   * button and Cancel ask before discarding them (discardChanges); onClose runs only when the user agrees.
   */
  dirty?: boolean;
  /**
   * A read-only modal whose content may scroll with nothing focusable in it (e.g. Test Details): the content
   * takes keyboard focus, so arrow keys and Page Down scroll it (axe scrollable-region-focusable).
   */
  focusableContent?: boolean;
};

/** The generic modal: slide-down 1000 ms, optional title, close button, optional Cancel/OK buttons. */
export function AppModal({
  open,
  onClose,
  title,
  children,
  showCancel = false,
  cancelText = 'Cancel',
  onOk,
  okText = 'OK',
  okDisabled = false,
  okLoading = false,
  actions,
  maxWidth = 'sm',
  fullScreen = false,
  disableClose = false,
  dirty = false,
  focusableContent = false,
}: AppModalProps) {
  const titleId = useId();
  const confirm = useConfirm();
  const hasActions = Boolean(actions || showCancel || onOk);
  const requestClose = async () => {
    if (
      dirty &&
      !(await confirm({
        title: discardChanges.title,
        message: discardChanges.message,
        confirmText: discardChanges.discard,
        cancelText: discardChanges.keepEditing,
        destructive: true,
      }))
    )
      return;
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={disableClose ? undefined : () => void requestClose()}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      transitionDuration={MODAL_TRANSITION_MS}
      slots={{ transition: SlideDown }}
      aria-labelledby={title ? titleId : undefined}
    >
      {title ? (
        <DialogTitle id={titleId} sx={{ paddingInlineEnd: 7 }}>
          {title}
        </DialogTitle>
      ) : null}
      <IconButton
        aria-label="Close"
        onClick={() => void requestClose()}
        disabled={disableClose}
        sx={{ position: 'absolute', top: 10, insetInlineEnd: 10, color: 'text.secondary' }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent
        dividers={Boolean(title)}
        sx={title ? undefined : { pt: 6 }}
        {...(focusableContent
          ? { tabIndex: 0, role: 'region', 'aria-labelledby': title ? titleId : undefined }
          : {})}
      >
        {children}
      </DialogContent>
      {hasActions && (
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {/* Cancel first, the dialog's own buttons after it, the primary one last (rightmost), in every dialog */}
          {showCancel && (
            <Button onClick={() => void requestClose()} disabled={disableClose} color="inherit">
              {cancelText}
            </Button>
          )}
          {actions}
          {onOk && (
            <BusyButton onClick={onOk} disabled={okDisabled || okLoading} busy={okLoading}>
              {okText}
            </BusyButton>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
}
