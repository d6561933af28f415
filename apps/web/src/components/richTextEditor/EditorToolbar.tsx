import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { LinkPopover } from './LinkPopover';

type Tool = {
  key: string;
  label: string;
  shortcut?: string;
  icon: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  busy?: boolean;
  onClick: (button: HTMLElement) => void;
};

/**
 * The editor's toolbar: one tab stop (roving focus, arrow keys, Home/End move between the buttons, as the
 * ARIA toolbar pattern says); toggles announce their state with aria-pressed.
 */
export function EditorToolbar({
  editor,
  label,
  editorId,
  disabled,
  onPickImage,
  uploading,
}: {
  editor: Editor;
  label: string;
  editorId: string;
  disabled: boolean;
  onPickImage?: () => void;
  uploading: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkAnchor, setLinkAnchor] = useState<HTMLElement | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chain = () => editor.chain().focus();

  const tools: (Tool | 'divider')[] = [
    {
      key: 'bold',
      label: 'Bold',
      shortcut: 'Ctrl+B',
      icon: <FormatBoldIcon fontSize="small" />,
      pressed: state.bold,
      onClick: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      shortcut: 'Ctrl+I',
      icon: <FormatItalicIcon fontSize="small" />,
      pressed: state.italic,
      onClick: () => chain().toggleItalic().run(),
    },
    'divider',
    {
      key: 'bullets',
      label: 'Bulleted list',
      icon: <FormatListBulletedIcon fontSize="small" />,
      pressed: state.bulletList,
      onClick: () => chain().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      label: 'Numbered list',
      icon: <FormatListNumberedIcon fontSize="small" />,
      pressed: state.orderedList,
      onClick: () => chain().toggleOrderedList().run(),
    },
    'divider',
    {
      key: 'link',
      label: 'Link',
      icon: <InsertLinkIcon fontSize="small" />,
      pressed: state.link,
      onClick: (button) => setLinkAnchor(button),
    },
    ...(onPickImage
      ? [
          {
            key: 'image',
            label: 'Insert image',
            icon: <ImageOutlinedIcon fontSize="small" />,
            busy: uploading,
            disabled: uploading,
            onClick: () => onPickImage(),
          },
        ]
      : []),
    'divider',
    {
      key: 'undo',
      label: 'Undo',
      shortcut: 'Ctrl+Z',
      icon: <UndoIcon fontSize="small" />,
      disabled: !state.canUndo,
      onClick: () => chain().undo().run(),
    },
    {
      key: 'redo',
      label: 'Redo',
      shortcut: 'Ctrl+Shift+Z',
      icon: <RedoIcon fontSize="small" />,
      disabled: !state.canRedo,
      onClick: () => chain().redo().run(),
    },
  ];
  const buttonTools = tools.filter((t): t is Tool => t !== 'divider');
  const current = Math.min(focusIndex, buttonTools.length - 1);

  const onKeyDown = (e: KeyboardEvent) => {
    const n = buttonTools.length;
    const move: Record<string, number> = {
      ArrowRight: (current + 1) % n,
      ArrowLeft: (current - 1 + n) % n,
      Home: 0,
      End: n - 1,
    };
    const next = move[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  let index = -1;
  return (
    <Box
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={editorId}
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: 0.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
      }}
    >
      {tools.map((t, i) => {
        if (t === 'divider')
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed layout
          return <Divider key={`d${i}`} orientation="vertical" flexItem sx={{ mx: 0.5 }} />;
        index += 1;
        const my = index;
        const name = t.shortcut ? `${t.label} (${t.shortcut})` : t.label;
        return (
          <Tooltip key={t.key} title={name} disableInteractive>
            <span>
              <IconButton
                ref={(el) => {
                  buttons.current[my] = el;
                }}
                size="small"
                aria-label={t.label}
                aria-keyshortcuts={t.shortcut?.replace('Ctrl', 'Control')}
                aria-pressed={t.pressed === undefined ? undefined : t.pressed}
                disabled={disabled || t.disabled}
                tabIndex={my === current ? 0 : -1}
                onFocus={() => setFocusIndex(my)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => t.onClick(e.currentTarget)}
                color={t.pressed ? 'primary' : 'default'}
                sx={t.pressed ? { bgcolor: 'action.selected' } : undefined}
              >
                {t.busy ? <CircularProgress size={18} /> : t.icon}
              </IconButton>
            </span>
          </Tooltip>
        );
      })}
      <LinkPopover editor={editor} anchor={linkAnchor} onClose={() => setLinkAnchor(null)} />
    </Box>
  );
}
