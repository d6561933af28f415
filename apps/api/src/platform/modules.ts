import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConfigurationReferences } from '../modules/configuration/configuration.references';
import type { AccessRepository } from './access/access.repository';
import type { PrincipalService } from './auth/principal.service';
import type { SessionService } from './auth/session.service';
import type { AppConfig } from './config';
import type { DatabaseHandle, Db } from './db/client';
import type { FileService } from './files/files.service';
import type { JobRunner, TaskService } from './jobs';
import type { Mailer } from './mail/mailer';
import type { CpuPool } from './workers/cpu-pool';

/** The app as buildApp makes it (zod type provider), for modules that register their routes on it. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What buildApp hands every area module; a module's services narrow it with Pick<>. */
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
