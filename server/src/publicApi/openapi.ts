import { z } from 'zod';
import { RemoveBgAccount, RemoveBgError, RemoveBgFields, RemoveBgJsonResult, REMOVEBG_ERROR_CODES } from '../../../engine/spec/removeBgApi';
import { STATUS_WAIT_MAX_MS } from '../../../engine/spec/limits';
import { TASKS } from '../../../engine/spec/tasks';
import { TASK_TYPES } from '../../../engine/spec/taskTypes';
import { UploadData } from '../input/receiveUpload';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), the validating side ("output"), without `$schema`. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: 'calls allowed per window for this key (or address)', schema: { type: 'string' } },
  'X-RateLimit-Remaining': { description: 'calls left in this window', schema: { type: 'string' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window ends', schema: { type: 'string' } },
};
const RESULT_HEADERS = {
  ...RATE_HEADERS,
  'X-Width': { description: 'width of the result in pixels', schema: { type: 'string', pattern: '^\\d+$' } },
  'X-Height': { description: 'height of the result in pixels', schema: { type: 'string', pattern: '^\\d+$' } },
  'X-Type': { description: 'foreground type (the requested type, or "other")', schema: { type: 'string' } },
  'X-Credits-Charged': { description: 'credits this call cost (0 in personal mode)', schema: { type: 'string', pattern: '^\\d+(\\.\\d+)?$' } },
  'X-Foreground-Top': { schema: { type: 'string' } },
  'X-Foreground-Left': { schema: { type: 'string' } },
  'X-Foreground-Width': { schema: { type: 'string' } },
  'X-Foreground-Height': { schema: { type: 'string' } },
};

function errorResponses(): Json {
  const out: Json = {};
  for (const [status, codes] of Object.entries(REMOVEBG_ERROR_CODES)) {
    out[status] = {
      description: `error; codes: ${codes.join(', ')}`,
      headers: status === '429' ? { ...RATE_HEADERS, 'Retry-After': { description: 'seconds to wait', schema: { type: 'string' } } } : RATE_HEADERS,
      content: json(ref('RemoveBgError')),
    };
  }
  return out;
}

/** The envelope of the product's own API (SPEC §3): `{resultCode, msg, data}`, 100 = success. */
const ENVELOPE: Json = {
  type: 'object',
  required: ['resultCode', 'msg'],
  properties: { resultCode: { type: 'integer' }, msg: { type: 'string' }, data: {} },
};

/**
 * The OpenAPI 3.1 document of the public API (issue 27), generated from the schemas the routes validate with:
 * the remove.bg fields (engine/spec/removeBgApi.ts), each task type's params (the task table, engine/spec/tasks)
 * and the upload's `data` field. Served at `GET /api/openapi.json`; `GET /api/docs` renders it for people.
 */
export function buildOpenApi(): Json {
  const fields = jsonSchemaOf(RemoveBgFields);
  const fieldProps = (fields.properties ?? {}) as Json;
  const multipart = {
    type: 'object',
    properties: {
      image_file: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: 'the source image (JPG, PNG, WEBP, GIF, AVIF, TIFF; at most 30 MB, 50 MP)',
      },
      bg_image_file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'background image' },
      ...fieldProps,
    },
  };
  const schemas: Json = {
    RemoveBgFields: fields,
    RemoveBgMultipart: multipart,
    RemoveBgError: jsonSchemaOf(RemoveBgError),
    RemoveBgJsonResult: jsonSchemaOf(RemoveBgJsonResult),
    RemoveBgAccount: jsonSchemaOf(RemoveBgAccount),
    Envelope: ENVELOPE,
    UploadData: jsonSchemaOf(UploadData),
  };
  const paths: Json = {
    '/v1.0/removebg': {
      post: {
        operationId: 'removeBackground',
        tags: ['remove.bg compatible'],
        summary: 'Remove the background of an image (remove.bg API v1.0, field for field)',
        description:
          'Send exactly one of image_file, image_file_b64 and image_url. Binary image by default; with `Accept: application/json` the result as base64.',
        security: [{ apiKey: [] }, {}],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: ref('RemoveBgMultipart') },
            'application/x-www-form-urlencoded': { schema: ref('RemoveBgFields') },
            'application/json': { schema: ref('RemoveBgFields') },
          },
        },
        responses: {
          200: {
            description: 'the result',
            headers: RESULT_HEADERS,
            content: {
              'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
              'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
              'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } },
              'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
              'application/json': { schema: ref('RemoveBgJsonResult') },
            },
          },
          ...errorResponses(),
        },
      },
    },
    '/v1.0/account': {
      get: {
        operationId: 'account',
        tags: ['remove.bg compatible'],
        summary: "Credits and free calls of the key's account",
        security: [{ apiKey: [] }, {}],
        responses: { 200: { description: 'the balance', headers: RATE_HEADERS, content: json(ref('RemoveBgAccount')) }, ...errorResponses() },
      },
    },
    '/api/remove': {
      post: {
        operationId: 'rembgRemove',
        tags: ['rembg compatible'],
        summary: 'rembg server route: the cut-out as PNG',
        security: [{ apiKey: [] }, {}],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: { type: 'string', contentMediaType: 'application/octet-stream' },
                  url: { type: 'string', format: 'uri' },
                  om: { type: 'string', enum: ['true', 'false'], description: 'only the mask' },
                  bgc: { type: 'string', pattern: '^\\d{1,3},\\d{1,3},\\d{1,3},\\d{1,3}$', description: 'background colour r,g,b,a' },
                },
              },
            },
          },
        },
        responses: {
          200: { description: 'PNG', headers: RESULT_HEADERS, content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } },
          ...errorResponses(),
        },
      },
    },
    '/api/upload': {
      post: {
        operationId: 'upload',
        tags: ['product API'],
        summary: 'Upload one image; its URL is the input of a task',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', contentMediaType: 'application/octet-stream' },
                  data: { type: 'string', contentMediaType: 'application/json', contentSchema: ref('UploadData') },
                },
              },
            },
          },
        },
        responses: { 200: { description: '`data`: {fileUrl, width, height}', content: json(ref('Envelope')) } },
      },
    },
    '/api/upload/batch': {
      post: {
        operationId: 'uploadBatch',
        tags: ['product API'],
        summary: 'Upload several images (several `file` parts)',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } }, data: { type: 'string' } },
              },
            },
          },
        },
        responses: { 200: { description: '`data`: {fileUrls}', content: json(ref('Envelope')) } },
      },
    },
    '/api/task/status': {
      post: {
        operationId: 'taskStatus',
        tags: ['product API'],
        summary: 'Status of tasks (comma-separated ids); `waitMs` holds the reply until one ends',
        requestBody: {
          content: json({
            type: 'object',
            required: ['taskId'],
            properties: { taskId: { type: 'string' }, waitMs: { type: 'integer', minimum: 0, maximum: STATUS_WAIT_MAX_MS } },
          }),
        },
        responses: { 200: { description: '`data.result[id]`: {resultCode, msg, data: {status, progress, resultUrl?}}', content: json(ref('Envelope')) } },
      },
    },
    '/api/task/cancel': {
      post: {
        operationId: 'taskCancel',
        tags: ['product API'],
        summary: 'Cancel a task (its credits come back)',
        requestBody: { content: json({ type: 'object', required: ['taskId'], properties: { taskId: { type: 'string' } } }) },
        responses: { 200: { description: '`data.tasks`', content: json(ref('Envelope')) } },
      },
    },
    '/api/batch': {
      post: {
        operationId: 'batchCreate',
        tags: ['product API'],
        summary: 'Create a batch (bulk remover, enhancer, changer, resizer)',
        requestBody: { content: json({ type: 'object', description: 'the batch settings (tool and its params, engine/spec/batch.ts)' }) },
        responses: { 200: { description: '`data`: the batch', content: json(ref('Envelope')) } },
      },
      get: {
        operationId: 'batchList',
        tags: ['product API'],
        summary: 'Your batches',
        responses: { 200: { description: '`data.batches`', content: json(ref('Envelope')) } },
      },
    },
  };
  // One submit path per task type, each with that row's params schema from the task table.
  for (const type of TASK_TYPES) {
    const row = TASKS[type];
    const name = `TaskParams_${type.replace(/[^A-Za-z0-9_]/g, '_')}`;
    const params = jsonSchemaOf(row.params as z.ZodType);
    const props = {
      imgUrl: { type: 'string', description: 'a file URL from /api/upload (or a result of your own task)' },
      ...((params.properties ?? {}) as Json),
    };
    schemas[name] = {
      ...params,
      properties: props,
      ...(row.inputImage === 'required' ? { required: [...new Set(['imgUrl', ...((params.required as string[]) ?? [])])] } : {}),
    };
    paths[`/api/task/${type}`] = {
      post: {
        operationId: `submit_${type.replace(/[^A-Za-z0-9_]/g, '_')}`,
        tags: ['product API: tasks'],
        summary: `Submit a ${type} task (${row.credits ?? 1} credit${row.credits === 1 ? '' : 's'} in service mode; runs on ${row.runsOn})`,
        requestBody: { required: true, content: json(ref(name)) },
        responses: { 200: { description: '`data`: {taskId}', content: json(ref('Envelope')) } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Lumacut API',
      version: '1.0',
      description:
        "The remove.bg-compatible API (`/v1.0/removebg`, `/v1.0/account`), rembg's `/api/remove`, and the product's own upload, task and batch calls. API keys: create them on your account page and send them as `X-Api-Key`. In personal mode a key is optional and nothing is charged.",
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } }, schemas },
    paths,
  };
}
