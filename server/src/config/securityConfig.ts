import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../../engine/crypto/appConfig';
import { APP_PASSPHRASE } from '../../../engine/crypto/appSecrets';
import { hostsFor, parseHostWeights, type HostEnvironment, type HostWeights } from '../../../engine/net/weightedHosts';
import { PROJECT_ROOT } from '../config';

/** Everything the security routes need, read once at start-up. */
export interface SecurityConfig {
  /** Encrypts the app config; served encrypted with {@link appPassphrase} by `GET /api/sa/kesab`. */
  baseKey: string;
  /** The compiled-in passphrase shared with the client (engine/crypto/appSecrets.ts). */
  appPassphrase: string;
  /** Served encrypted with the base key by `GET /api/sa/af`; `AS` encrypts the signed calls. */
  appConfig: AppConfig;
  /** Which host list the `hosts` signed call serves. */
  hostEnvironment: HostEnvironment;
  /** The weighted host list of that environment. */
  hosts: HostWeights;
  /** Where generated secrets live, or null when both came from the environment. */
  secretsFile: string | null;
}

/** Generated secrets, persisted so restarts and separate worker processes agree. */
interface StoredSecrets {
  baseKey: string;
  requestSecret: string;
}

export const SECURITY_FILE = 'security.json';
/** Shorter secrets are refused: they would make the obfuscation trivially guessable. */
const MIN_SECRET_LENGTH = 16;

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`${name} must be 1 or 0 (or true/false), got "${value}"`);
}

function secretFrom(value: string | undefined, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < MIN_SECRET_LENGTH) throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
  return value;
}

function endpointsFrom(value: string | undefined): string[] | undefined {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return undefined;
  for (const url of list) {
    if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error(`TEXT_REVIEW_ENDPOINTS: "${url}" is not an http(s) URL`);
  }
  return list;
}

const newSecret = () => randomBytes(32).toString('base64url');

function readStored(file: string): StoredSecrets | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<StoredSecrets>;
  if (typeof parsed.baseKey !== 'string' || typeof parsed.requestSecret !== 'string' || !parsed.baseKey || !parsed.requestSecret) {
    throw new Error(`${file} is damaged (baseKey/requestSecret missing); delete it to generate new secrets`);
  }
  return { baseKey: parsed.baseKey, requestSecret: parsed.requestSecret };
}

/**
 * Reads the generated secrets from `file`, creating it on first use. Creation writes a temporary file and
 * hard-links it into place: the link fails if another process won the race, and then both use the winner's file,
 * which is always complete (a plain write could be read half-written).
 */
function loadOrCreateSecrets(file: string): StoredSecrets {
  const existing = readStored(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fresh: StoredSecrets = { baseKey: newSecret(), requestSecret: newSecret() };
  writeFileSync(temp, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const winner = readStored(file);
    if (!winner) throw err;
    return winner;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Builds the security configuration from the environment:
 * - SA_BASE_KEY, SA_REQUEST_SECRET (≥ 16 characters each): when unset, generated once and kept in
 *   `<dataDir>/security.json` (mode 600) so restarts and worker processes agree;
 * - ENABLE_TEXT_REVIEW (default 1), ENABLE_PIC_REVIEW (default 0),
 *   TEXT_REVIEW_ENDPOINTS (optional comma-separated http(s) URLs);
 * - SA_HOSTS / SA_DEV_HOSTS: weighted host lists `host=weight,…` for production (NODE_ENV=production) / otherwise.
 * @param dataDir defaults to DATA_DIR or ./data, as the server config does.
 * @throws Error naming the variable when a value is malformed, or when security.json is damaged.
 */
export function loadSecurityConfig(env: NodeJS.ProcessEnv, dataDir?: string): SecurityConfig {
  const envBaseKey = secretFrom(env.SA_BASE_KEY, 'SA_BASE_KEY');
  const envRequestSecret = secretFrom(env.SA_REQUEST_SECRET, 'SA_REQUEST_SECRET');
  let secretsFile: string | null = null;
  let stored: StoredSecrets | null = null;
  if (!envBaseKey || !envRequestSecret) {
    secretsFile = path.join(path.resolve(dataDir ?? (env.DATA_DIR || path.join(PROJECT_ROOT, 'data'))), SECURITY_FILE);
    stored = loadOrCreateSecrets(secretsFile);
  }
  const hostEnvironment: HostEnvironment = env.NODE_ENV === 'production' ? 'production' : 'development';
  const hostsText = hostEnvironment === 'production' ? env.SA_HOSTS : env.SA_DEV_HOSTS;
  const appConfig: AppConfig = {
    AS: envRequestSecret ?? stored!.requestSecret,
    // Everything in the app config is public: any visitor decrypts it with the passphrase shipped in the
    // web app. The field stays (SPEC §7) but never carries a token; OSS_TOKEN in the environment is ignored.
    OSS_TOKEN: '',
    enablePicReview: flag(env.ENABLE_PIC_REVIEW, false, 'ENABLE_PIC_REVIEW'),
    enableTextReview: flag(env.ENABLE_TEXT_REVIEW, true, 'ENABLE_TEXT_REVIEW'),
  };
  if (env.OSS_TOKEN) console.warn('OSS_TOKEN is set but not served: /api/sa/af is readable by every visitor, so it carries no secrets');
  const endpoints = endpointsFrom(env.TEXT_REVIEW_ENDPOINTS);
  if (endpoints) appConfig.textReviewEndpoints = endpoints;
  return {
    baseKey: envBaseKey ?? stored!.baseKey,
    appPassphrase: APP_PASSPHRASE,
    appConfig,
    hostEnvironment,
    hosts: hostsFor(hostEnvironment, hostsText ? parseHostWeights(hostsText) : null),
    secretsFile,
  };
}
