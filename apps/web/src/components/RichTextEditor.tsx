import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';

export type RichTextEditorProps = {
  /** Visible label; also the accessible name of the editing area and of its toolbar. */
  label: string;
  /** HTML ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /**
   * Uploads an image the author picked and answers the address to show it at (e.g. the question bank's
   * image URL). Without it there is no image button. It shows its own error message and throws on failure.
   */
  onUploadImage?: (file: File) => Promise<string>;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Height of the editing area before it grows (px). */
  minHeight?: number;
  /** id of the editing area. */
  id?: string;
};

// TipTap and ProseMirror load only when an editor is first shown, never with the first route.
const TipTapEditor = lazy(() =>
  import('./richTextEditor/TipTapEditor').then((m) => ({ default: m.TipTapEditor })),
);

/** Starts loading the editor ahead of time (e.g. when a dialog that may show it opens). */
export const preloadRichTextEditor = () => import('./richTextEditor/TipTapEditor');

/** What shows while the editor loads (or TipTap replaces an instance it destroyed before it was mounted). */
export function RichTextEditorLoading({
  label,
  minHeight = 120,
}: Pick<RichTextEditorProps, 'label' | 'minHeight'>) {
  return (
    <Box aria-busy="true">
      <Typography component="div" variant="body2" sx={{ mb: 0.5, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Skeleton variant="rounded" height={minHeight + 40} />
    </Box>
  );
}

/**
 * A rich-text (HTML) field: bold, italic, bulleted and numbered lists, links, images through an upload
 * callback, undo and redo; keyboard usable (one tab stop for the toolbar, arrow keys inside it, the usual
 * shortcuts in the text). The server sanitises what it receives; this editor only produces its own
 * schema's markup.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<RichTextEditorLoading label={props.label} minHeight={props.minHeight} />}>
      <TipTapEditor {...props} />
    </Suspense>
  );
}
