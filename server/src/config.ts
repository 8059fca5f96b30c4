import path from 'node:path';

/** Server configuration, read once from the environment (see README "Configuration"). */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for the embedded database, uploads and results. */
  dataDir: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  /** Number of in-process job workers (0: this process only serves HTTP; run `npm run worker`). */
  workers: number;
  /** Public base URL used in returned file URLs; when empty it is derived from each request. */
  publicUrl: string | null;
  /** Folder of the built web app (vite build output). */
  webDir: string;
  /** Schema name for pg-boss, so several installs can share one PostgreSQL database. */
  queueSchema: string;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads the configuration from `env` (defaults: the embedded database in ./data, port 8080, one worker). */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: intFrom(env.PORT, 8080, 'PORT'),
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    workers: intFrom(env.WORKERS, 1, 'WORKERS'),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    webDir: path.resolve(env.WEB_DIR || path.join(root, 'dist')),
    queueSchema: env.QUEUE_SCHEMA || 'pgboss',
  };
}

export const PROJECT_ROOT = root;

/** One generation server and its share of the jobs (SPEC §7 weighted hosts). */
export interface WeightedHost {
  url: string;
  weight: number;
}

/** External generation servers (issue 19; README "Running ComfyUI"). */
export interface GenerationConfig {
  /** ComfyUI servers from COMFYUI_URL: `http://gpu1:8188#3,http://gpu2:8188#1` (`#weight`, default 1). Empty: none. */
  comfy: WeightedHost[];
  /** AUTOMATIC1111 `--api` servers from WEBUI_URL, same syntax, for the webui task types. */
  webui: WeightedHost[];
  /** COMFYUI_TOKEN, sent in COMFYUI_TOKEN_HEADER (default Authorization, as `Bearer <token>`) to a proxy in front of ComfyUI. */
  comfyHeaders: Record<string, string>;
  /** WEBUI_AUTH `user:password` of AUTOMATIC1111's `--api-auth`, sent as HTTP Basic. */
  webuiHeaders: Record<string, string>;
  /** GENERATION_TIMEOUT_S: one job's limit on the server, queue wait included (default 300). */
  timeoutMs: number;
  /** COMFYUI_WORKFLOW_DIR: the workflow files (default server/config/comfy-workflows). */
  workflowDir: string;
}

/** Parses `url#weight,url#weight`; a bad URL or weight throws, naming the variable. */
export function parseWeightedHosts(value: string | undefined, name: string): WeightedHost[] {
  if (!value || value.trim() === '') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [raw, w] = part.split('#');
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new Error(`${name}: "${raw}" is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name}: "${raw}" must be http(s)`);
      const weight = w === undefined ? 1 : Number(w);
      if (!Number.isFinite(weight) || weight <= 0) throw new Error(`${name}: weight "${w}" of ${raw} must be a positive number`);
      return { url: url.toString().replace(/\/+$/, ''), weight };
    });
}

/** Reads the generation servers from `env` (once at start-up, config/serverConfig.ts; tests build runtimes from their own). */
export function loadGenerationConfig(env: NodeJS.ProcessEnv): GenerationConfig {
  const header = env.COMFYUI_TOKEN_HEADER || 'Authorization';
  const token = env.COMFYUI_TOKEN || '';
  return {
    comfy: parseWeightedHosts(env.COMFYUI_URL, 'COMFYUI_URL'),
    webui: parseWeightedHosts(env.WEBUI_URL, 'WEBUI_URL'),
    comfyHeaders: token ? { [header]: header.toLowerCase() === 'authorization' ? `Bearer ${token}` : token } : {},
    webuiHeaders: env.WEBUI_AUTH ? { Authorization: `Basic ${Buffer.from(env.WEBUI_AUTH).toString('base64')}` } : {},
    timeoutMs: intFrom(env.GENERATION_TIMEOUT_S, 300, 'GENERATION_TIMEOUT_S') * 1000,
    workflowDir: path.resolve(env.COMFYUI_WORKFLOW_DIR || path.join(root, 'server', 'config', 'comfy-workflows')),
  };
}

/** How the onnxruntime models run (server/src/models/ortSession.ts). */
export interface ModelRuntimeConfig {
  /** USE_CUDA=1: the CUDA execution provider first, the CPU as fallback (needs a CUDA build of onnxruntime-node). */
  useCuda: boolean;
  /** ORT_THREADS: intra-op threads per model session (default 2, the cores of the reference machine). */
  ortThreads: number;
  /** MODEL_DIR: where the install scripts put the prepared weights (default server/.models). */
  modelDir: string;
  /** ISNET_FIXED_SIZE=1: use the original 1024² IS-Net instead of the any-size copy (for comparisons). */
  isnetFixedSize: boolean;
  /** ISNET_OPT_LEVEL: onnxruntime graph optimisation for IS-Net ('all' or 'extended'; unset = the model's default). */
  isnetOptLevel: 'all' | 'extended' | null;
  /** MODEL_IDLE_RELEASE_S in ms: a model session unused this long is released (loaded again on its next use); 0 keeps it. */
  idleReleaseMs: number;
}

/** MODEL_IDLE_RELEASE_S's default: a quarter of an hour, so a server in steady use never reloads. */
export const DEFAULT_MODEL_IDLE_RELEASE_S = 900;

/** Reads USE_CUDA, ORT_THREADS, MODEL_DIR, ISNET_* and MODEL_IDLE_RELEASE_S; a bad number throws, naming it. */
export function loadModelRuntime(env: NodeJS.ProcessEnv): ModelRuntimeConfig {
  const threads = intFrom(env.ORT_THREADS, 2, 'ORT_THREADS');
  return {
    useCuda: env.USE_CUDA === '1',
    ortThreads: threads === 0 ? 2 : threads,
    modelDir: path.resolve(env.MODEL_DIR || path.join(root, 'server', '.models')),
    isnetFixedSize: env.ISNET_FIXED_SIZE === '1',
    isnetOptLevel: optLevelFrom(env.ISNET_OPT_LEVEL),
    idleReleaseMs: 1000 * intFrom(env.MODEL_IDLE_RELEASE_S, DEFAULT_MODEL_IDLE_RELEASE_S, 'MODEL_IDLE_RELEASE_S'),
  };
}

function optLevelFrom(value: string | undefined): 'all' | 'extended' | null {
  if (!value) return null;
  if (value === 'all' || value === 'extended') return value;
  throw new Error(`ISNET_OPT_LEVEL must be 'all' or 'extended', not '${value}'`);
}

/** Process-level settings read by the runtime, logging and heavy threads (README "Configuration"). */
export interface ProcessSettings {
  /** LOG_LEVEL: debug, info (default), warn or error. */
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** TRUST_PROXY=1: take the client address and scheme from X-Forwarded-* (behind a reverse proxy). */
  trustProxy: boolean;
  /** HEAVY_THREADS: threads of the heavy-work pool; 0 = one per in-process worker. */
  heavyThreads: number;
  /** HEAVY_NICE: the heavy threads' priority, 0..19 (default 10). */
  heavyNice: number;
  /** SHUTDOWN_GRACE_SECONDS: how long a stop waits for running jobs (default 20). */
  shutdownGraceSeconds: number;
  /** SHADER_PLAIN=1 (or NODE_ENV=development): serve shaders unencrypted. */
  shaderPlain: boolean;
  /** COMFYUI_URL is set: a generation server is configured (the fills note they do not use it yet). */
  comfyConfigured: boolean;
  /** The request log's level: LOG_LEVEL (also `silent`), else warn with LOG_REQUESTS=0, else info. */
  requestLogLevel: string;
}

const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

/** LOG_LEVEL alone (the log reads it at every line, so it never throws): an unknown value is info. */
export function loadLogLevel(env: NodeJS.ProcessEnv): ProcessSettings['logLevel'] {
  const level = env.LOG_LEVEL as ProcessSettings['logLevel'];
  return (LOG_LEVELS as readonly string[]).includes(level) ? level : 'info';
}

/** Reads the process settings; a bad number throws, naming its variable. */
export function loadProcessSettings(env: NodeJS.ProcessEnv): ProcessSettings {
  return {
    logLevel: loadLogLevel(env),
    trustProxy: env.TRUST_PROXY === '1',
    heavyThreads: intFrom(env.HEAVY_THREADS, 0, 'HEAVY_THREADS'),
    heavyNice: Math.min(19, intFrom(env.HEAVY_NICE, 10, 'HEAVY_NICE')),
    shutdownGraceSeconds: intFrom(env.SHUTDOWN_GRACE_SECONDS, 20, 'SHUTDOWN_GRACE_SECONDS') || 20,
    shaderPlain: env.SHADER_PLAIN === '1' || env.NODE_ENV === 'development',
    comfyConfigured: Boolean(env.COMFYUI_URL),
    requestLogLevel: env.LOG_LEVEL || (env.LOG_REQUESTS === '0' ? 'warn' : 'info'),
  };
}
