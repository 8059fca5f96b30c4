import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ResultCode, resultCodeEntry } from '../../engine/spec/errors';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../engine/spec/limits';
import { registerAccounts, type AccountsConfig } from './accounts';
import type { ServerConfig } from './config';
import { processConfig } from './config/processConfig';
import type { ServerSettings } from './config/serverConfig';
import type { Database } from './db/database';
import { ApiError, fail } from './envelope';
import { badInputMessage, frameworkErrors, registerInputGuards } from './input/inputGuards';
import type { JobQueue } from './queue/jobQueue';
import { registerDownloadRoutes } from './routes/downloadRoutes';
import { registerFileRoutes } from './routes/fileRoutes';
import { registerFontRoutes } from './routes/fontRoutes';
import { registerProjectRoutes } from './projects/projectRoutes';
import { registerHealthRoutes, type HealthDeps } from './routes/healthRoutes';
import { registerRequestIdHeader, requestId } from './logging';
import { registerDetectRoutes } from './detection/detectRoutes';
import { registerSelectRoutes } from './detection/selectRoutes';
import { registerIdPhotoRoutes } from './idphoto/idphotoRoutes';
import { registerDetectTextRoutes } from './detection/detectTextRoutes';
import { registerBackgroundRoutes } from './backgrounds/routes';
import { registerTextReviewRoutes } from './textReview';
import { registerReportRoutes } from './reports/reportRoutes';
import { registerSecurityRoutes, type SecurityConfig } from './security';
import { FileAccess } from './security/fileAccess';
import { registerHardening } from './security/hardening';
import type { LimitSettings } from './config/limitsConfig';
import { registerLanguageRoutes } from './language/languageRoutes';
import { createTranslator } from './language/translate';
import { registerPictureReviewRoutes } from './detection/pictureReviewRoutes';
import { registerShaderRoutes } from './routes/shaderRoutes';
import { registerStickerRoutes } from './routes/stickerRoutes';
import { absoluteUrlMaker } from './security/requestUrl';
import { registerTaskRoutes } from './routes/taskRoutes';
import { registerUploadRoutes } from './routes/uploadRoutes';
import { registerWebAppRoutes } from './routes/webAppRoutes';
import type { FileStorage } from './storage/storage';
import type { ToolStatus } from './systemTools';
import type { Processor } from './tasks/processor';
import { TaskRepository } from './tasks/taskRepository';
import { TaskService } from './tasks/taskService';
import { OtherWorkers } from './tasks/otherWorkers';
import { registerGenerationRoutes } from './comfy/generationRoutes';
import { BatchService } from './batch/batchService';
import { registerBatchRoutes } from './batch/batchRoutes';
import { registerPublicApi } from './publicApi';

export interface AppDeps {
  config: Pick<ServerConfig, 'publicUrl' | 'webDir' | 'workers'>;
  db: Database;
  storage: FileStorage;
  queue: JobQueue;
  processors: Partial<Record<string, Processor>>;
  tools?: ToolStatus[];
  /** Request log (JSON lines, see logging.ts); off by default (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Readiness inputs of `/api/ready` (models loaded, shutting down). */
  readiness?: Pick<HealthDeps, 'models' | 'stopping'>;
  /** The configuration read at start-up (config/serverConfig.ts); default: the process's (config/processConfig.ts). */
  settings?: ServerSettings;
  /** Keys and the app config of SPEC §7 (`/api/sa/*`), instead of settings.security (tests). */
  security?: SecurityConfig;
  /** Rate limits, queue cap and load shedding, instead of settings.limits (tests). */
  limits?: LimitSettings;
  /** Sign-in, credits and payments settings, instead of settings.accounts (tests). */
  accounts?: AccountsConfig;
  /** This process's worker lease id (runtime.ts), when it runs jobs (config.workers > 0). */
  workerId?: string;
  /** How the public API fetches `image_url` (default: the SSRF-safe fetch; tests reach a local server). */
  fetchImage?: (url: string) => Promise<Buffer>;
}

/** HTTP status that accompanies an envelope code (engine/spec/errors.ts RESULT_CODE_TABLE); the envelope itself is the contract. */
function httpStatusFor(code: number): number {
  return resultCodeEntry(code)?.httpStatus ?? 200;
}

/** Multipart errors of @fastify/multipart, mapped to a message a user understands. */
const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `the file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  FST_FILES_LIMIT_REACHED: `at most ${UPLOAD_MAX_FILES} files per upload`,
  FST_PARTS_LIMIT_REACHED: 'too many parts in the upload',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'expected a multipart/form-data upload',
  FST_PROTO_VIOLATION: 'malformed upload',
};

/** Builds the Fastify app with every route; the caller owns the database, queue and workers. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const settings = deps.settings ?? processConfig();
  const app = Fastify({ logger: deps.logger ?? false, genReqId: requestId, bodyLimit: 1024 * 1024, trustProxy: settings.process.trustProxy, frameworkErrors });
  registerRequestIdHeader(app);
  registerInputGuards(app);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 10, fieldSize: 64 * 1024, parts: UPLOAD_MAX_FILES + 10 },
  });

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.httpStatus !== 200 ? error.httpStatus : httpStatusFor(error.code)).send(fail(error.code, error.message, error.data));
    }
    const multipartMessage = error.code ? MULTIPART_ERRORS[error.code] : undefined;
    if (multipartMessage) return reply.code(400).send(fail(ResultCode.PARAMS_INVALID, multipartMessage));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON bodies, wrong content types and the like.
      return reply.code(400).send(fail(ResultCode.PARAMS_INVALID, error.message));
    }
    const badInput = badInputMessage(error);
    if (badInput) return reply.code(400).send(fail(ResultCode.PARAMS_INVALID, badInput));
    request.log.error(error);
    console.error(`${request.method} ${request.url} failed:`, error);
    return reply.code(500).send(fail(ResultCode.SERVER_ERROR));
  });

  // The app's own publicUrl wins (tests build apps for other addresses than the environment's).
  const origins = { ...settings.origins, publicUrl: deps.config.publicUrl };
  const limits = deps.limits ?? settings.limits;
  await registerHardening(app, { origins, limits, headers: settings.headers });
  const absolute = absoluteUrlMaker(origins);
  const access = new FileAccess(deps.db);
  const tasks = new TaskRepository(deps.db);
  const accounts = registerAccounts(app, { db: deps.db, config: deps.accounts ?? settings.accounts, absolute, storage: deps.storage });
  const service = new TaskService({
    tasks,
    queue: deps.queue,
    storage: deps.storage,
    processors: deps.processors,
    access,
    maxActivePerOwner: limits.maxActiveTasksPerClient,
    // Personal mode (BILLING off) charges nothing; service mode charges through the credit ledger.
    charging: accounts.billing ? accounts : undefined,
    // Held status calls re-read the database only for tasks another process may end (issue 30, item 15).
    otherWorkers: new OtherWorkers(deps.db, (deps.config.workers ?? 0) > 0 && deps.workerId ? deps.workerId : null),
  });
  registerUploadRoutes(app, { storage: deps.storage, db: deps.db, absolute });
  registerTaskRoutes(app, { service, absolute, payerOf: accounts.payerOf, proAccessOf: accounts.proAccessOf });
  // The remove.bg-compatible API, API keys and the OpenAPI document (issue 27).
  registerPublicApi(app, {
    db: deps.db,
    storage: deps.storage,
    service,
    tasks,
    accounts,
    limits,
    absolute,
    fetchImage: deps.fetchImage,
  });
  registerBatchRoutes(app, {
    batches: new BatchService({ db: deps.db, storage: deps.storage, tasks: service, access }),
    storage: deps.storage,
    absolute,
    payerOf: accounts.payerOf,
  });
  registerFileRoutes(app, { storage: deps.storage });
  registerDownloadRoutes(app, { storage: deps.storage, access });
  registerFontRoutes(app);
  registerStickerRoutes(app);
  registerShaderRoutes(app, { plain: settings.process.shaderPlain });
  // Content safety (SPEC §4/§5/§7): the picture review model loads on its first call.
  registerPictureReviewRoutes(app, { storage: deps.storage, access });
  registerLanguageRoutes(app, { translator: createTranslator(settings.translation) });
  const baseSecurity = deps.security ?? settings.security;
  // The client learns the mode from the app config it already fetches (one switch, BILLING).
  const security = { ...baseSecurity, appConfig: { ...baseSecurity.appConfig, billing: accounts.billing } };
  registerSecurityRoutes(app, { security });
  registerReportRoutes(app, { db: deps.db, adminToken: settings.admin.token, allowLocalAdmin: settings.admin.allowLocal });
  registerBackgroundRoutes(app);
  registerGenerationRoutes(app);
  registerDetectTextRoutes(app, { storage: deps.storage, absolute, access });
  registerDetectRoutes(app, { storage: deps.storage, absolute, access });
  registerSelectRoutes(app, { storage: deps.storage, access });
  registerIdPhotoRoutes(app, { storage: deps.storage });
  await registerTextReviewRoutes(app, { baseKey: security.baseKey });
  registerHealthRoutes(app, { db: deps.db, queue: deps.queue, workers: deps.config.workers, tools: deps.tools ?? [], ...deps.readiness });
  await registerProjectRoutes(app, { db: deps.db, storage: deps.storage, absolute });
  await registerWebAppRoutes(app, deps.config.webDir);
  return app;
}
