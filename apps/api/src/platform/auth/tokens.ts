import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (for cookies and one-time links) and the hash that is stored in its place. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
