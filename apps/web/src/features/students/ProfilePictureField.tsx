import { pictureMessages as m, PICTURE_MAX_BYTES } from '@assess/contracts/students';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { pictureUrl, useSetPicture } from './api';

/**
 * The student's profile picture in the edit form: shows the stored picture (initials when there is none),
 * uploads a new one (images only, 10 MB; the server checks the content and re-encodes it) or removes it.
 */
export function ProfilePictureField({ userId, name }: { userId: number; name: string }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState(() => Date.now());
  const setPicture = useSetPicture(userId);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

  /** Uploads a picture, or removes it with null. */
  const change = (file: File | null) =>
    setPicture.mutate(file, {
      onSuccess: (r) => {
        toast.success(r.message);
        setVersion(Date.now());
      },
      onError: (e) => toast.error(isApiError(e) ? e.message : m.notAnImage),
    });

  function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) return toast.error(m.tooLarge);
    change(file);
  }

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <Avatar
        src={pictureUrl(userId, version)}
        alt={`Profile picture of ${name}`}
        sx={{ width: 72, height: 72 }}
      >
        {initials}
      </Avatar>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            disabled={setPicture.isPending}
            onClick={() => input.current?.click()}
          >
            Upload picture
          </Button>
          <Button size="small" disabled={setPicture.isPending} onClick={() => change(null)}>
            Remove
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          JPEG, PNG, GIF or WebP, at most 10 MB
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png,image/gif,image/webp"
        aria-label="Profile picture file"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
    </Stack>
  );
}
