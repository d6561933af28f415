import type { ModuleDeps } from '../../platform/modules';
import type { ChannelResult } from '../whatsapp';

export type PushSender = {
  /** Sends a Web Push message to every subscription of the user; 'not configured' when the user has none. */
  send(input: { userId: number; title: string; body: string; url?: string }): Promise<ChannelResult>;
};

/** Web Push sender (issue 6): VAPID keys kept in the database, the web-push library. */
export function createPushSender(_deps: Pick<ModuleDeps, 'db' | 'log'>): PushSender {
  return { send: async () => ({ status: 'not configured' }) };
}
