import { z } from 'zod';

/** Every error answer of the API: a message for the user, plus field details for validation errors. */
export const errorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** A plain success answer that carries a message for the user. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageSchema>;

export const commonMessages = {
  notSignedIn: 'Please sign in.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not Found',
  validation: 'Please check the highlighted fields.',
  internal: 'Something went wrong. Please try again.',
  tooLarge: 'The upload is too large.',
  crossSite: 'Cross-site request refused.',
  dataNotFound: 'Data not found',
  errorOccured: 'Error occured',
} as const;
