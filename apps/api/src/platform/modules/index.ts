import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConfigurationReferences } from '../../modules/configuration/configuration.references';
import type { AccessRepository } from '../access/access.repository';
import type { PrincipalService } from '../auth/principal.service';
import type { SessionService } from '../auth/session.service';
import type { AppConfig } from '../config';
import type { DatabaseHandle, Db } from '../db/client';
import type { FileService } from '../files/files.service';
import type { JobRunner, TaskService } from '../jobs';
import type { Mailer } from '../mail/mailer';
import type { CpuPool } from '../workers/cpu-pool';
import { defineModuleFor } from './define-module';
import type { Extensions } from './extension-points';

export {
  type AnyModule,
  type ApiOf,
  ModuleListError,
  type ModulesApi,
  type NeedsApi,
  orderModules,
  registerModules,
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
  db: Db;
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
  /** Where configuration values are referenced: each module registers its columns (in-use checks). */
  configurationReferences: ConfigurationReferences;
};

/** What a module defined with defineModule gets: the deps and the app's extension points as it sees them. */
export type DefinedModuleDeps = ModuleDeps & { extensions: Extensions };

/**
 * Declares an area module: `defineModule({ name, needs, extensionPoints, register })` (see define-module.ts and
 * apps/api/src/modules/README.md). register(app, deps, needs) registers routes, jobs and contributions and
 * returns the module's API.
 */
export const defineModule = defineModuleFor<ZodApp, DefinedModuleDeps>();
