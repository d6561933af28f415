import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';

/**
 * A button that opens the file chooser (a label for a hidden file input, so the keyboard and the test
 * tools reach it); `onFiles` gets the chosen files, and the input is emptied so the same file can be
 * chosen again.
 */
export function FileButton({
  id,
  testId,
  accept,
  multiple,
  disabled,
  icon = <UploadFileIcon />,
  variant = 'outlined',
  size,
  onFiles,
  children,
}: {
  id: string;
  testId?: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The start icon; null for none. */
  icon?: ReactNode;
  variant?: 'outlined' | 'text';
  size?: 'small';
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  return (
    <Button
      component="label"
      htmlFor={id}
      variant={variant}
      size={size}
      startIcon={icon ?? undefined}
      disabled={disabled}
    >
      {children}
      <input
        id={id}
        data-testid={testId}
        type="file"
        hidden
        multiple={multiple}
        accept={accept}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </Button>
  );
}

/** What was chosen: the refusal (an alert), else the file's name, else what may be chosen. */
export function FileStatus({
  error,
  name,
  empty,
  wrap,
}: {
  error: string | null | undefined;
  name: string | undefined;
  empty: string;
  /** Long names break anywhere. */
  wrap?: boolean;
}) {
  return (
    <Typography
      variant="body2"
      color={error ? 'error' : 'text.secondary'}
      role={error ? 'alert' : undefined}
      sx={wrap ? { overflowWrap: 'anywhere' } : undefined}
    >
      {error ?? name ?? empty}
    </Typography>
  );
}

const SPREADSHEET_ACCEPT =
  '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 'Select File' for one spreadsheet (.xls or .xlsx) and what was chosen. */
export function SpreadsheetPick({
  id,
  testId,
  error,
  name,
  onPick,
}: {
  id: string;
  testId: string;
  error: string | null | undefined;
  name: string | undefined;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <>
      <FileButton id={id} testId={testId} accept={SPREADSHEET_ACCEPT} onFiles={(f) => onPick(f[0])}>
        Select File
      </FileButton>
      <FileStatus error={error} name={name} empty="No file selected (.xls or .xlsx, at most 10 MB)" />
    </>
  );
}

const isSpreadsheetName = (name: string) => /\.(xls|xlsx)$/i.test(name);

/**
 * The spreadsheet chosen for an import and why a choice was refused: `pick` (after `onPick`) keeps an .xls or
 * .xlsx of at most `maxBytes`, else drops the file and says `messages.notSpreadsheet` or `messages.tooLarge`;
 * `chosen` gives the file, or says `messages.selectFile` when there is none.
 */
export function useSpreadsheetFile(
  maxBytes: number,
  messages: { notSpreadsheet: string; tooLarge: string; selectFile: string },
  onPick?: () => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const pick = (f: File | undefined) => {
    onPick?.();
    if (!f) return;
    const issue = !isSpreadsheetName(f.name)
      ? messages.notSpreadsheet
      : f.size > maxBytes
        ? messages.tooLarge
        : null;
    setFile(issue ? null : f);
    setFileError(issue);
  };
  const chosen = () => {
    if (!file) setFileError(messages.selectFile);
    return file;
  };
  const clear = () => {
    setFile(null);
    setFileError(null);
  };
  return { file, fileError, pick, chosen, clear };
}
