import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts';
import { ApiKeyStore } from '../apiKeys/apiKeyStore';
import { registerApiKeyRoutes } from '../apiKeys/apiKeyRoutes';
import type { Database } from '../db/database';
import type { LimitSettings } from '../config/limitsConfig';
import type { FileStorage } from '../storage/storage';
import type { TaskRepository } from '../tasks/taskRepository';
import type { TaskService } from '../tasks/taskService';
import { CutoutRunner } from './cutoutRunner';
import { renderDocsPage } from './docsPage';
import { KeyRateLimit } from './keyRateLimit';
import { buildOpenApi } from './openapi';
import { registerRemoveBgRoutes, type ImageFetcher } from './removebgRoutes';

/**
 * Issue 27's public API: API keys of accounts, the remove.bg-compatible and rembg routes, and the OpenAPI
 * document with its readable page.
 */
export function registerPublicApi(
  app: FastifyInstance,
  deps: {
    db: Database;
    storage: FileStorage;
    service: TaskService;
    tasks: TaskRepository;
    accounts: Accounts;
    limits: LimitSettings;
    absolute: (request: FastifyRequest, path: string) => string;
    fetchImage?: ImageFetcher;
  },
): void {
  const keys = new ApiKeyStore(deps.db);
  registerApiKeyRoutes(app, { keys, sessions: deps.accounts.sessions });
  const runner = new CutoutRunner({
    db: deps.db,
    storage: deps.storage,
    service: deps.service,
    tasks: deps.tasks,
    maxActivePerOwner: deps.limits.maxActiveTasksPerClient,
    billing: deps.accounts.billing,
  });
  registerRemoveBgRoutes(app, {
    keys,
    runner,
    ledger: deps.accounts.ledger,
    billing: deps.accounts.billing,
    limiter: new KeyRateLimit(deps.limits.apiKeyCalls, deps.limits.windowMs),
    fetchImage: deps.fetchImage,
  });
  const doc = buildOpenApi();
  app.get('/api/openapi.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(doc));
  app.get('/api/docs', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderDocsPage(doc, deps.absolute(request, '').replace(/\/$/, ''))),
  );
}
