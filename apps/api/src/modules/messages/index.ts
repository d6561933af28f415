import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Messages: notifications, targets, attachments, delivery, inbox (issue 6). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerMessagesModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
