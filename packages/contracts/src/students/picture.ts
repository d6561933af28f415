import { z } from 'zod';

/**
 * Student profile picture (part 1 §5 "Profile picture upload"). The spec's list also allows documents
 * (pptx, pdf, docx, xlsx); a profile picture is an image, so we accept images only and re-encode them
 * (FEATURES.md deviation). The messages are ours, except the size one, which is the attachments' message.
 */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_SIZE_PX = 256;

export const pictureMessages = {
  tooLarge: 'Please upload file less than 10 MB.',
  notAnImage: 'Please choose a JPEG, PNG, GIF or WebP picture.',
  noFile: 'Please choose a picture.',
  saved: 'Profile picture updated successfully.',
  removed: 'Profile picture removed.',
} as const;

export const pictureSavedSchema = z.object({ message: z.string(), profilePicture: z.string() });
export type PictureSaved = z.infer<typeof pictureSavedSchema>;
