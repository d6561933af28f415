import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { RichTextEditorLoading, type RichTextEditorProps } from '../RichTextEditor';
import { EditorToolbar } from './EditorToolbar';

/** The editor's HTML, or '' when it holds nothing (TipTap answers <p></p> for an empty document). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The editor when it can be used: TipTap destroys an instance that was not mounted within a millisecond of
 * its creation (a slow render: a loaded machine, three editors in one step) and makes a new one when the
 * component mounts. Until then the instance it handed out is destroyed (its schema is gone: getHTML throws)
 * or null, and nothing may touch it.
 */
const usable = (editor: Editor | null) => (editor && !editor.isDestroyed ? editor : null);

/** TipTap 3 with a small MUI toolbar; loaded on demand through RichTextEditor. */
export function TipTapEditor({
  label,
  value,
  onChange,
  onBlur,
  onUploadImage,
  disabled = false,
  required = false,
  error = false,
  helperText,
  minHeight = 120,
  id,
}: RichTextEditorProps) {
  const autoId = useId();
  const editorId = id ?? `rte-${autoId}`;
  const labelId = `${editorId}-label`;
  const helperId = `${editorId}-helper`;
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  const attributes: Record<string, string> = {
    id: editorId,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(helperText ? { 'aria-describedby': helperId } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
    class: 'rte-content',
  };
  const attributesKey = JSON.stringify(attributes);

  const instance: Editor | null = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value || '',
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChangeRef.current(htmlOf(e)),
    onBlur: () => onBlurRef.current?.(),
  });

  const editor = usable(instance);

  // a new value from outside (a form reset, a loaded question) replaces the document
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if ((value || '') !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [value, editor]);
  // the error, required and helper states change after the editor exists
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributesKey stands for attributes
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes } });
  }, [attributesKey, editor]);
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [disabled, editor]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !onUploadImage) return;
    setUploading(true);
    try {
      const src = await onUploadImage(file);
      if (!editor || editor.isDestroyed) return;
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch {
      // onUploadImage told the user why
    } finally {
      setUploading(false);
    }
  };

  // the replacement instance comes with the next render
  if (!editor) return <RichTextEditorLoading label={label} minHeight={minHeight} />;
  return (
    <Box>
      <Typography
        id={labelId}
        component="div"
        variant="body2"
        sx={{ mb: 0.5, color: error ? 'error.main' : 'text.secondary' }}
      >
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: disabled ? 'action.hover' : 'background.paper',
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
          '& .rte-content': {
            minHeight,
            maxHeight: 420,
            overflowY: 'auto',
            px: 1.5,
            py: 1,
            outline: 'none',
            fontSize: 15,
            lineHeight: 1.5,
          },
          '& .rte-content p': { my: 0.5 },
          '& .rte-content img': { maxWidth: '100%', height: 'auto' },
          '& .rte-content img.ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main' },
          '& .rte-content a': { color: 'primary.main' },
          '& .rte-content ul, & .rte-content ol': { pl: 3 },
        }}
      >
        <EditorToolbar
          editor={editor}
          label={label}
          editorId={editorId}
          disabled={disabled}
          uploading={uploading}
          onPickImage={onUploadImage ? () => fileInput.current?.click() : undefined}
        />
        <EditorContent editor={editor} />
        {onUploadImage && (
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            aria-hidden
            tabIndex={-1}
            onChange={onFile}
          />
        )}
      </Box>
      {helperText && (
        <FormHelperText id={helperId} error={error}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
