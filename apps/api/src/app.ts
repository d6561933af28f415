import fs from 'node:fs';
import path from 'node:path';
import { authEndpoints } from '@assess/contracts/auth';
import { commonMessages } from '@assess/contracts/common';
import { learnerEndpoints } from '@assess/contracts/learner';
import { platformEndpoints } from '@assess/contracts/platform';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { prepareDatabase } from './db/prepare';
import { appModules } from './modules';
import type { SignInLimits } from './modules/auth';
import { createAccessRepository } from './platform/access/access.repository';
import { installRouteAccess, type RouteAccess } from './platform/access/route-access';
import { setPasswordHashConcurrency } from './platform/auth/passwords';
import { createPrincipalService } from './platform/auth/principal.service';
import { createPrincipalCache, sharePrincipalCache } from './platform/auth/principal-cache';
import { installSession } from './platform/auth/session.plugin';
import { createSessionRepository } from './platform/auth/session.repository';
import { createSessionService } from './platform/auth/session.service';
import type { AppConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import { createDatabaseFileStore } from './platform/files/file-objects.repository';
import { createLocalFileStore } from './platform/files/file-store';
import { createFilesRepository } from './platform/files/files.repository';
import { createFileService } from './platform/files/files.service';
import { route } from './platform/http/endpoint';
import { installErrorHandler } from './platform/http/error-handler';
import { AppError } from './platform/http/errors';
import { installSameOriginCheck } from './platform/http/same-origin';
import { createJobRunner } from './platform/jobs';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { registerModules } from './platform/modules';
import { createCpuPool } from './platform/workers/cpu-pool';

export type BuildOptions = {
  config: AppConfig;
  handle: DatabaseHandle;
  clock?: () => Date;
  /** Seed demo data into an empty database (npm start does; tests bring their own template). */
  seedDemo?: boolean;
  mailer?: Mailer;
  signInLimits?: SignInLimits;
  logger?: boolean;
};

export type AppContext = Awaited<ReturnType<typeof buildApp>>;

/** Builds the whole server: API under /api, OpenAPI at /api/openapi.json, the console's files at /. */
export async function buildApp(opts: BuildOptions) {
  const { config, handle } = opts;
  const baseClock = opts.clock ?? (() => new Date());
  // Test controls: the clock may be moved forward by POST /api/test/clock (browser tests only).
  let clockOffsetMs = 0;
  const clock = config.testControls ? () => new Date(baseClock().getTime() + clockOffsetMs) : baseClock;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Assessment console API', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(cookie);
  // Uploads: routes read parts with request.file()/parts() and pass their own size limit to the file store.
  await app.register(multipart, {
    limits: { fileSize: 100 * 1024 * 1024, files: 5, fields: 20, fieldSize: 1024 * 1024 },
  });

  const db = handle.db;
  setPasswordHashConcurrency(config.passwordHashConcurrency);
  const access = createAccessRepository(db);
  const principals = createPrincipalService({ access });
  // Several processes on one PostgreSQL: an emptying here is announced to the others (NOTIFY), and theirs empty
  // this one's cache within moments; the time to live stays the fallback for a missed notification.
  const principalCache = await sharePrincipalCache(
    createPrincipalCache({ ttlMs: config.sessionCacheMs, now: () => clock().getTime() }),
    { handle, log: app.log, enabled: config.sessionCacheMs > 0 },
  );
  const sessions = createSessionService({
    sessions: createSessionRepository(db),
    access,
    principals,
    cache: principalCache,
    clock,
    idleSeconds: config.sessionIdleSeconds,
    absoluteSeconds: config.sessionAbsoluteSeconds,
  });
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log: app.log,
    });
  const jobs = createJobRunner({
    handle,
    log: app.log,
    clock,
    runJobs: config.runJobs,
    sessionIdleSeconds: config.sessionIdleSeconds,
  });
  const tasks = jobs.tasks;
  const cpu = createCpuPool(config.cpuPool);
  // a process that runs jobs (an OMR batch) starts its CPU workers now, not cold under the first batch (issue 25)
  if (config.runJobs)
    void cpu.warm().catch((err: unknown) => app.log.warn({ err }, 'the CPU pool did not warm up'));
  const files = createFileService({
    // On PostgreSQL the bytes live in the database, so every process reaches every file (FEATURES P.17).
    store: handle.url
      ? createDatabaseFileStore(db)
      : createLocalFileStore(path.join(config.dataDir, 'files')),
    files: createFilesRepository(db),
  });

  /** Every route registered (method + url), so a test can compare the router with the OpenAPI document. */
  const routes: {
    method: string;
    url: string;
    hidden: boolean;
    access: RouteAccess | undefined;
    endpoint: string | undefined;
  }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') {
        const config = r.config as { access?: RouteAccess; endpoint?: string } | undefined;
        routes.push({
          method,
          url: r.url,
          hidden: Boolean(r.schema?.hide),
          access: config?.access,
          endpoint: config?.endpoint,
        });
      }
    }
  });

  installErrorHandler(app);
  installSameOriginCheck(app);
  installSession(app, sessions, {
    // a sign-in only adds a session: forgetting every cached principal at each of an exam morning's sign-ins
    // would send every signed-in student's next request to the database (and notify every other process)
    accessKeepingWrites: [
      learnerEndpoints.saveAnswers,
      learnerEndpoints.start,
      learnerEndpoints.submit,
      authEndpoints.signIn,
    ].map((x) => `${x.method} ${x.path}`),
  });
  installRouteAccess(app, ['/api/docs', '/api/openapi.json']);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Draining (SIGTERM): health answers 503 so a load balancer stops routing here, while requests still run.
  let draining = false;
  route(app, platformEndpoints.health, async () => {
    if (draining) throw new AppError(503, 'The server is shutting down.');
    await handle.sql.executeSql('select 1').catch(() => {
      throw new AppError(503, 'The database cannot be reached.');
    });
    return { status: 'ok' as const, node: process.version, time: clock().toISOString() };
  });

  if (config.testControls) {
    route(app, platformEndpoints.advanceClock, async ({ body }) => {
      clockOffsetMs = body.reset ? 0 : clockOffsetMs + body.advanceSeconds * 1000;
      return { time: clock().toISOString() };
    });
  }

  /** The platform's parts, handed to the modules and returned to the tests. */
  const platform = { db, handle, clock, mailer, jobs, tasks, files, cpu, sessions, access };
  // Area modules (modules/index.ts): each registers its routes (under /api/<area>), jobs and extension points.
  const modules = await registerModules(
    app,
    {
      // a test's sign-in limits in place of the settings' (auth reads them from the config)
      config: opts.signInLimits ? { ...config, signInLimits: opts.signInLimits } : config,
      ...platform,
      principals,
      log: app.log,
    },
    appModules,
  );

  serveConsole(app, config.webDist);

  // Processes starting together migrate and seed one at a time: the first does it, the others find it done.
  await prepareDatabase(handle, clock(), { demo: opts.seedDemo ?? false });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await cpu.close();
    await mailer.close();
    await principalCache.stop();
  });
  await app.ready();
  return {
    app,
    routes,
    /** From now on /api/health answers 503 (the process is about to close; requests are still served). */
    drain: () => {
      draining = true;
    },
    deps: {
      ...platform,
      modules,
    },
  };
}

/** Serves the built console with a fallback to index.html for client-side routes. */
function serveConsole(app: FastifyInstance, webDist: string | undefined) {
  const dist = webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) return;
  app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  const indexHtml = fs.readFileSync(path.join(dist, 'index.html'));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ message: commonMessages.notFound });
    const file = path.join(dist, request.url.split('?')[0]);
    if (file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dist, file));
    }
    // A built file that is not there (an old build's chunk after a deploy) is a 404, never the app's HTML page.
    if (request.url.startsWith('/assets/'))
      return reply.status(404).send({ message: commonMessages.notFound });
    return reply.type('text/html').send(indexHtml);
  });
}
