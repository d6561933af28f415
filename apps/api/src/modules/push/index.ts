import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Web Push: VAPID keys, subscriptions, the push sender the messages delivery uses (issue 6). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerPushModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
