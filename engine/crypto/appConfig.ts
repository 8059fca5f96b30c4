/**
 * The app configuration served encrypted by `GET /api/sa/af` (SPEC §7 "App config": "including AS, OSS_TOKEN,
 * enablePicReview, enableTextReview"). Shared by the server (which builds it from env) and the client (which
 * decrypts it with the base key).
 */
export interface AppConfig {
  /** The request-encryption secret (SPEC §7 "a call to obtain an encrypted secret (field AS)"). */
  AS: string;
  /** Token for the object-storage uploads; '' when the server has none. */
  OSS_TOKEN: string;
  /** Review uploaded/result pictures before use. */
  enablePicReview: boolean;
  /** Review prompt texts before submit. */
  enableTextReview: boolean;
  /** Remote text-review endpoints, raced by the client; absent = three tries of this server's /api/text-review. */
  textReviewEndpoints?: string[];
  /**
   * The hosting mode (README "Configuration", BILLING): true in service mode (credits, prices, plans, PRO items,
   * purchases); false or absent in personal mode, where the pages show no price, balance or purchase dialog.
   */
  billing?: boolean;
}

/**
 * The config a client uses when the real one cannot be fetched or decrypted: both reviews off (the server still
 * checks what it must), no secrets.
 */
export const SAFE_DEFAULT_APP_CONFIG: Readonly<AppConfig> = Object.freeze({
  AS: '',
  OSS_TOKEN: '',
  enablePicReview: false,
  enableTextReview: false,
});

/**
 * Validates a decrypted, JSON-parsed value as an AppConfig.
 * @returns the config (unknown extra fields dropped), or null when a required field is missing or mistyped.
 */
export function parseAppConfig(value: unknown): AppConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.AS !== 'string' || typeof v.OSS_TOKEN !== 'string') return null;
  if (typeof v.enablePicReview !== 'boolean' || typeof v.enableTextReview !== 'boolean') return null;
  const config: AppConfig = { AS: v.AS, OSS_TOKEN: v.OSS_TOKEN, enablePicReview: v.enablePicReview, enableTextReview: v.enableTextReview };
  if (v.billing !== undefined) {
    if (typeof v.billing !== 'boolean') return null;
    config.billing = v.billing;
  }
  if (v.textReviewEndpoints !== undefined) {
    if (!Array.isArray(v.textReviewEndpoints) || !v.textReviewEndpoints.every((e) => typeof e === 'string')) return null;
    config.textReviewEndpoints = [...v.textReviewEndpoints];
  }
  return config;
}
