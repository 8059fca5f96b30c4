import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CancelReply, StatusReply, SubmitReply } from '../../../engine/spec/api';
import { STATUS_WAIT_MAX_MS } from '../../../engine/spec/limits';
import { ResultCode } from '../../../engine/spec/errors';
import { proOptionsOf } from '../../../engine/spec/proOptions';
import { isTaskType } from '../../../engine/spec/taskTypes';
import { ApiError, ok, paramsInvalid } from '../envelope';
import { requestOwner } from '../security/requestOwner';
import type { TaskService } from '../tasks/taskService';
import type { AbsoluteUrl } from '../security/requestUrl';

/** The ids of a status or cancel call: `taskId` in the JSON body or the query, comma-joined. */
function taskIdsOf(request: FastifyRequest): string[] {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = body.taskId ?? query.taskId;
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw paramsInvalid('taskId is required');
  if (ids.length > 100 || ids.some((id) => !/^[a-zA-Z0-9_-]{1,64}$/.test(id))) throw paramsInvalid('malformed taskId');
  return ids;
}

/** Long polls one owner (device or account) may hold open at once; the page holds one per running tool. */
export const MAX_HELD_STATUS_PER_OWNER = 4;
/**
 * Long polls one server holds at once, all owners together (issue 30, item 15): past it a call is answered at
 * once, so many owners cannot hold the server's memory and timers without bound. 200 held calls keep
 * `/api/health` p99 in milliseconds (`npm run bench:held-polls`).
 */
export const MAX_HELD_STATUS_PER_SERVER = 400;

/** `waitMs` of a status call (body or query): 0 when absent, PARAMS_INVALID unless 0..STATUS_WAIT_MAX_MS. */
function waitMsOf(request: FastifyRequest): number {
  const raw = ((request.body ?? {}) as Record<string, unknown>).waitMs ?? ((request.query ?? {}) as Record<string, unknown>).waitMs;
  if (raw === undefined || raw === null || raw === '') return 0;
  const ms = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(ms) || ms < 0 || ms > STATUS_WAIT_MAX_MS) throw paramsInvalid(`waitMs must be an integer from 0 to ${STATUS_WAIT_MAX_MS}`);
  return ms;
}

/**
 * Task submit, status and cancel. Paths per feature: `POST /api/task/{taskType}` submits,
 * `POST /api/task/{taskType}/status` (or `/api/task/status`) polls (a long poll with `waitMs`), `POST /api/task/cancel` cancels.
 */
export function registerTaskRoutes(
  app: FastifyInstance,
  deps: {
    service: TaskService;
    absolute: AbsoluteUrl;
    payerOf?: (request: FastifyRequest) => Promise<string>;
    /** Held status calls per server (default MAX_HELD_STATUS_PER_SERVER; tests set a small one). */
    maxHeldPerServer?: number;
    /** Whether the caller's plan unlocks PRO options; without accounts every option is open. */
    proAccessOf?: (request: FastifyRequest) => Promise<boolean>;
  },
): void {
  // Status calls each owner has held open now: past MAX_HELD_STATUS_PER_OWNER a call is answered at once, so a
  // client cannot multiply the rate limit's database reads by holding many long polls (each re-reads every 0.5 s).
  const held = new Map<string, number>();
  let heldHere = 0;
  const maxHere = deps.maxHeldPerServer ?? MAX_HELD_STATUS_PER_SERVER;
  const status = async (request: FastifyRequest, reply: FastifyReply) => {
    const ids = taskIdsOf(request);
    const owner = requestOwner(request);
    const asked = waitMsOf(request);
    const absolute = (path: string) => deps.absolute(request, path);
    const ms = asked > 0 && (held.get(owner) ?? 0) < MAX_HELD_STATUS_PER_OWNER && heldHere < maxHere ? asked : 0;
    if (ms === 0) return ok<StatusReply>({ result: await deps.service.status(ids, absolute, owner) });
    // A client that gives up (a closed tab, an aborted fetch) stops the wait. The response's 'close' (not the
    // request's, which Node emits once the body is read) fires when the connection ends before the reply.
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    held.set(owner, (held.get(owner) ?? 0) + 1);
    heldHere += 1;
    try {
      const result = await deps.service.status(ids, absolute, owner, { ms, signal: gone.signal });
      return ok<StatusReply>({ result });
    } finally {
      heldHere -= 1;
      const left = (held.get(owner) ?? 1) - 1;
      if (left > 0) held.set(owner, left);
      else held.delete(owner);
    }
  };
  app.post('/api/task/status', status);
  app.post('/api/task/:taskType/status', status);

  app.post('/api/task/cancel', async (request) => {
    const ids = taskIdsOf(request);
    const owner = requestOwner(request);
    const cancelled: CancelReply['tasks'] = [];
    for (const id of ids) cancelled.push({ taskId: id, status: (await deps.service.cancel(id, owner)).status });
    return ok<CancelReply>({ tasks: cancelled });
  });

  app.post<{ Params: { taskType: string } }>('/api/task/:taskType', async (request) => {
    const { taskType } = request.params;
    const proOptions = isTaskType(taskType) ? proOptionsOf(taskType, request.body) : [];
    // Checked before anything is charged or queued: a refused PRO option costs nothing.
    if (proOptions.length > 0 && deps.proAccessOf && !(await deps.proAccessOf(request))) {
      throw new ApiError(ResultCode.PARAMS_INVALID, `a PRO plan is needed for: ${proOptions.join(', ')}`, 200, { proOptions });
    }
    const payer = deps.payerOf ? await deps.payerOf(request) : null;
    const taskId = await deps.service.submit(request.params.taskType, request.body, requestOwner(request), payer);
    return ok<SubmitReply>({ taskId });
  });
}
