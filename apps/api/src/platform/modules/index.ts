import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccessRepository } from '../access/access.repository';
import type { PrincipalService } from '../auth/principal.service';
import type { SessionService } from '../auth/session.service';
import type { AppConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { FileService } from '../files/files.service';
import type { JobRunner, TaskService } from '../jobs';
import type { Mailer } from '../mail/mailer';
import type { CpuPool } from '../workers/cpu-pool';
import { type AnyModule, defineModuleFor, type ModulesApi, registerModulesWith } from './define-module';
import type { ExtensionRegistry, Extensions } from './extension-points';

export {
  type AnyModule,
  type ApiOf,
  ModuleListError,
  type ModulesApi,
  type NeedsApi,
  orderModules,
} from './define-module';
export {
  type AnyExtensionPoint,
  createExtensionRegistry,
  type ExtensionPoint,
  ExtensionPointError,
  type ExtensionRegistry,
  type Extensions,
  extensionPoint,
} from './extension-points';

/** The app as buildApp makes it (zod type provider), for modules that register their routes on it. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What buildApp hands every area module's register(); a module's services narrow it with Pick<>. */
export type ModuleDeps = {
  config: AppConfig;
  db: Database;
  handle: DatabaseHandle;
  clock: () => Date;
  mailer: Mailer;
  jobs: JobRunner;
  tasks: TaskService;
  files: FileService;
  /** CPU-heavy work on worker threads (never on the event loop that serves answer saves). */
  cpu: CpuPool;
  sessions: SessionService;
  access: AccessRepository;
  principals: PrincipalService;
  log: FastifyBaseLogger;
  /** The app's extension points, as this module sees them (its contributions are made in its name). */
  extensions: Extensions;
};

/**
 * Declares an area module: `defineModule({ name, needs, extensionPoints, register })` (see define-module.ts and
 * apps/api/src/modules/README.md). register(app, deps, needs) registers routes, jobs and contributions and
 * returns the module's API.
 */
export const defineModule = defineModuleFor<ZodApp, ModuleDeps>();

/**
 * Registers the modules of `list` (apps/api/src/modules/index.ts) on the app, each after its needs; checks the
 * extension points at the end (see define-module.ts). Returns every module's API by name.
 */
export function registerModules<const L extends readonly AnyModule[]>(
  app: ZodApp,
  deps: Omit<ModuleDeps, 'extensions'>,
  list: L,
  registry?: ExtensionRegistry,
): Promise<ModulesApi<L>> {
  return registerModulesWith<ZodApp, ModuleDeps, L>(app, deps, list, registry);
}
