import {
  ATTACHMENT_EXTENSIONS,
  type Attachment,
  isAllowedAttachmentName,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  notificationMessages as m,
} from '@assess/contracts/messages';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useRef } from 'react';
import { useToast } from '../../components/Toast';

const ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

type Props = {
  /** Attachments already saved that stay. */
  kept: Attachment[];
  onKeptChange: (kept: Attachment[]) => void;
  /** Files picked in this browser, sent with the save. */
  files: File[];
  onFilesChange: (files: File[]) => void;
  readOnly: boolean;
};

/**
 * The form's attachments (part 1 §5): the saved ones that stay and the newly picked files, as chips. Picked
 * files are checked at once (extension, 10 MB, at most 4 in all, no duplicate name); the refusals are
 * shown in one toast and the server checks again.
 */
export function AttachmentPicker({ kept, onKeptChange, files, onFilesChange, readOnly }: Props) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);

  const addFiles = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (input.current) input.current.value = '';
    const problems: string[] = [];
    const next = [...files];
    for (const f of picked) {
      if (kept.length + next.length >= MAX_ATTACHMENTS) {
        problems.push(m.tooManyFiles);
        break;
      }
      const names = [...kept.map((k) => k.fileName), ...next.map((n) => n.name)];
      if (!isAllowedAttachmentName(f.name)) problems.push(m.extensionNotSupported);
      else if (f.size > MAX_ATTACHMENT_BYTES) problems.push(m.fileTooLarge);
      else if (names.some((n) => n.toLowerCase() === f.name.toLowerCase())) problems.push(m.duplicateFile);
      else next.push(f);
    }
    onFilesChange(next);
    if (problems.length) toast.error([...new Set(problems)].join(' '));
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        aria-label="Attachments"
        data-testid="attachment-input"
        onChange={(e) => addFiles(e.target.files)}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFileIcon />}
        disabled={readOnly}
        onClick={() => input.current?.click()}
      >
        Attach files
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} aria-label="Attached files" role="list">
        {kept.map((k) => (
          <Chip
            role="listitem"
            key={`k${k.fileId}`}
            label={k.fileName}
            onDelete={readOnly ? undefined : () => onKeptChange(kept.filter((x) => x.fileId !== k.fileId))}
          />
        ))}
        {files.map((f) => (
          <Chip
            role="listitem"
            key={`n${f.name}`}
            label={f.name}
            onDelete={() => onFilesChange(files.filter((x) => x !== f))}
          />
        ))}
      </Box>
    </Box>
  );
}
