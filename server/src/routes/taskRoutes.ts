import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CancelReply, StatusReply, SubmitReply } from '../../../engine/spec/api';
import { ResultCode } from '../../../engine/spec/errors';
import { proOptionsOf } from '../../../engine/spec/proOptions';
import { isTaskType } from '../../../engine/spec/taskTypes';
import { ApiError, ok, paramsInvalid } from '../envelope';
import { requestOwner } from '../security/requestOwner';
import type { TaskService } from '../tasks/taskService';
import type { AbsoluteUrl } from './requestUrl';

/** The ids of a status or cancel call: `taskId` in the JSON body or the query, comma-joined. */
function taskIdsOf(request: FastifyRequest): string[] {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = body.taskId ?? query.taskId;
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw paramsInvalid('taskId is required');
  if (ids.length > 100 || ids.some((id) => !/^[a-zA-Z0-9_-]{1,64}$/.test(id))) throw paramsInvalid('malformed taskId');
  return ids;
}

/**
 * Task submit, status and cancel. Paths per feature: `POST /api/task/{taskType}` submits,
 * `POST /api/task/{taskType}/status` (or `/api/task/status`) polls, `POST /api/task/cancel` cancels.
 */
export function registerTaskRoutes(
  app: FastifyInstance,
  deps: {
    service: TaskService; absolute: AbsoluteUrl; payerOf?: (request: FastifyRequest) => Promise<string>;
    /** Whether the caller's plan unlocks PRO options; without accounts every option is open. */
    proAccessOf?: (request: FastifyRequest) => Promise<boolean>;
  },
): void {
  const status = async (request: FastifyRequest) => {
    const ids = taskIdsOf(request);
    const result = await deps.service.status(ids, (path) => deps.absolute(request, path), requestOwner(request));
    return ok<StatusReply>({ result });
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
