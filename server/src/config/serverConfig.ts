import { loadAccountsConfig, type AccountsConfig } from './accountsConfig';
import {
  loadConfig,
  loadGenerationConfig,
  loadModelRuntime,
  loadProcessSettings,
  type GenerationConfig,
  type ModelRuntimeConfig,
  type ProcessSettings,
  type ServerConfig,
} from '../config';
import { adminTokenFromEnv, localAdminAllowed } from './adminSettings';
import { loadLimitSettings, type LimitSettings } from './limitsConfig';
import { loadOriginPolicy, type OriginPolicy } from './originSettings';
import { loadSecurityConfig, type SecurityConfig } from './securityConfig';
import { loadHeaderSettings, type HeaderSettings } from './headerSettings';
import { loadRetentionMs } from './retentionSettings';
import { loadStorageConfig, type StorageConfig } from './storageConfig';
import { missingAllocatorEnv } from './allocator';
import { uploadTmpRoot, wordListPath } from './paths';

/** The variables the prompt translator reads (server/src/language/translate/createTranslator.ts checks them). */
export type TranslationEnv = Readonly<Pick<NodeJS.ProcessEnv, 'TRANSLATE_URL' | 'TRANSLATE_API_KEY' | 'PATH'>>;

/**
 * The whole server configuration (README "Configuration"), read once from the environment by
 * {@link loadServerConfig}: one section per concern, each built by that concern's own loader. Frozen.
 */
export interface ServerSettings {
  /** HOST, PORT, DATA_DIR, DATABASE_URL, WORKERS, PUBLIC_URL, WEB_DIR, QUEUE_SCHEMA. */
  readonly server: ServerConfig;
  /** LOG_LEVEL, TRUST_PROXY, HEAVY_*, SHUTDOWN_GRACE_SECONDS, SHADER_PLAIN. */
  readonly process: ProcessSettings;
  /** USE_CUDA, ORT_THREADS, MODEL_DIR, ISNET_*, MODEL_IDLE_RELEASE_S. */
  readonly models: ModelRuntimeConfig;
  /** COMFYUI_*, WEBUI_*, GENERATION_TIMEOUT_S. */
  readonly generation: GenerationConfig;
  /** S3_* (or the local disk under DATA_DIR). */
  readonly storage: StorageConfig;
  /** RETENTION_HOURS in milliseconds; 0 keeps files forever. */
  readonly retentionMs: number;
  /** SMTP, sessions, free credits, Stripe, OIDC. */
  readonly accounts: AccountsConfig;
  /** SA_* keys (generated once into DATA_DIR/security.json when unset), review switches, TEXT_REVIEW_ENDPOINTS. */
  readonly security: SecurityConfig;
  /** RATE_LIMIT_*, TASK_QUEUE_MAX_PER_CLIENT, PRESSURE_*. */
  readonly limits: LimitSettings;
  /** CSP_CONNECT_SRC, HSTS_MAX_AGE_S and what the Content-Security-Policy needs from the other sections. */
  readonly headers: HeaderSettings;
  /** PUBLIC_URL, ALLOWED_HOSTS, PORT: which hosts returned URLs and page origins may name. */
  readonly origins: OriginPolicy;
  /** ADMIN_TOKEN, and whether the machine itself may read /admin without it (HOST loopback, no TRUST_PROXY). */
  readonly admin: { readonly token: string | null; readonly allowLocal: boolean };
  /** UPLOAD_TMP_DIR resolved. */
  readonly uploadTmpRoot: string;
  /** SENSITIVE_WORDS_FILE resolved. */
  readonly wordListPath: string;
  /** TRANSLATE_URL, TRANSLATE_API_KEY and PATH (to find Apertium). */
  readonly translation: TranslationEnv;
  /** The allocator setting (jemalloc preloaded, or MALLOC_MMAP_THRESHOLD_) when this process was started with neither (allocator.ts; the entry points say so). */
  readonly allocatorMissing: readonly string[];
  /** Every variable the loaders looked at (set or not), sorted: what the README must document. */
  readonly variables: readonly string[];
}

function freezeSections<T extends object>(value: T): Readonly<T> {
  for (const section of Object.values(value)) if (section && typeof section === 'object') Object.freeze(section);
  return Object.freeze(value);
}

/**
 * Reads every section from `env` once, at start-up (server/src/main.ts, workerMain.ts; processConfig.ts for the
 * modules nothing is passed to). A malformed value throws here, naming its variable, so a bad setting stops the
 * start instead of failing the first request that needs it. `keysDir` is where generated SA_* keys are kept
 * (default: DATA_DIR).
 */
export function loadServerConfig(env: NodeJS.ProcessEnv, options: { keysDir?: string } = {}): ServerSettings {
  const seen = new Set<string>();
  const watched = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') seen.add(name);
      return target[name as string];
    },
  });
  const server = loadConfig(watched);
  const settings = {
    server,
    process: loadProcessSettings(watched),
    models: loadModelRuntime(watched),
    generation: loadGenerationConfig(watched),
    storage: loadStorageConfig(watched),
    retentionMs: loadRetentionMs(watched),
    accounts: loadAccountsConfig(watched),
    security: loadSecurityConfig(watched, options.keysDir ?? server.dataDir),
    limits: loadLimitSettings(watched),
    headers: loadHeaderSettings(watched),
    origins: loadOriginPolicy(watched, server.publicUrl),
    admin: { token: adminTokenFromEnv(watched), allowLocal: localAdminAllowed(watched) },
    uploadTmpRoot: uploadTmpRoot(watched),
    wordListPath: wordListPath(watched),
    allocatorMissing: missingAllocatorEnv(watched),
    translation: { TRANSLATE_URL: watched.TRANSLATE_URL, TRANSLATE_API_KEY: watched.TRANSLATE_API_KEY, PATH: watched.PATH },
    variables: [] as string[],
  };
  settings.variables = [...seen].sort();
  return freezeSections(settings);
}
