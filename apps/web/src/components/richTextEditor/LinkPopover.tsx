import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Editor } from '@tiptap/react';
import { type FormEvent, useEffect, useState } from 'react';

/** Links may point to web pages and mail addresses only (the server's allow-list says the same). */
export function normaliseHref(input: string): string | null {
  const v = input.trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  try {
    const u = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

/** Sets, changes or removes the link on the selection (or inserts the address as a linked text). */
export function LinkPopover({
  editor,
  anchor,
  onClose,
}: {
  editor: Editor;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = Boolean(anchor);
  useEffect(() => {
    if (open) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(null);
    }
  }, [open, editor]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const url = normaliseHref(href);
    if (!url) return setError('Please enter a web address (http or https) or an e-mail link (mailto).');
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain
        .insertContent({ type: 'text', text: href.trim(), marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    else chain.extendMarkRange('link').setLink({ href: url }).run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, width: 340, maxWidth: '90vw' } } }}
    >
      <form onSubmit={apply} noValidate>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Link address"
          value={href}
          onChange={(e) => {
            setHref(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {editor.isActive('link') && (
            <Button color="inherit" onClick={remove}>
              Remove link
            </Button>
          )}
          <Button color="inherit" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Apply
          </Button>
        </Stack>
      </form>
    </Popover>
  );
}
