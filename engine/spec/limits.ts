/** Business constants and limits of SPEC §1 and §9, plus the upload limits this server enforces. */

export const APP_VERSION = '1.8.0';
/** Platform code sent to the server: 5 (web). */
export const PLATFORM_WEB = 5;

/** Polling interval for unfinished tasks. */
export const POLL_INTERVAL_MS = 1000;
/** The longest a status call may ask the server to hold its reply (a long poll, engine/spec/api.ts `waitMs`). */
export const STATUS_WAIT_MAX_MS = 5000;
export const TOAST_DURATION_MS = 3000;
export const TEXT_CHECK_DELAYS_MS = [5000, 8000] as const;
export const RETRY_DEFAULT_ATTEMPTS = 5;
export const RETRY_BASE_DELAY_MS = 1000;
export const RESOURCE_DOWNLOAD_RETRIES = 100;
export const RESOURCE_DOWNLOAD_BASE_DELAY_MS = 200;
export const PAGE_RELOAD_GUARD_MS = 10_000;

export const MOBILE_BREAKPOINT_PX = 768;
export const ID_PHOTO_TIPS_MAX_SHOWS = 3;
export const COOKIE_LIFETIME_DAYS = 365;

export const PICTURE_REVIEW_MAX_SIDE = 1080;
export const RECOGNITION_MAX_SIDE = 256;
export const JPEG_QUALITY = 0.9;
export const EXPORT_QUALITY = 1;

/** Transparency rules (SPEC §9): an alpha (0..255) below this is transparent. */
export const ALPHA_TRANSPARENT_BELOW = 100;
/** SPEC §9: a mask pixel (0..255) is foreground (the subject, or the area to repaint) when its value is above this. */
export const MASK_FOREGROUND_ABOVE = 55;

/** Default export file name: fileresult_{timestamp}.{ext}. */
export function exportFileName(ext: string, timestamp: number = Date.now()): string {
  return `fileresult_${timestamp}.${ext}`;
}

/** Upload limits enforced by the server (the SPEC leaves them to us). */
export const UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 50_000_000;
export const UPLOAD_MAX_FILES = 50;
export const ZIP_MAX_ENTRIES = 50;
export const ZIP_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Most bytes one upload request may carry in all its files (a full batch of the largest files). */
export const UPLOAD_MAX_REQUEST_BYTES = UPLOAD_MAX_FILES * UPLOAD_MAX_BYTES;
/** Deepest nesting a JSON request body may have; project documents need about ten levels. */
export const JSON_MAX_DEPTH = 64;

/** Limits of the remote download proxy. */
export const DOWNLOAD_PROXY_MAX_BYTES = 20 * 1024 * 1024;
export const DOWNLOAD_PROXY_TIMEOUT_MS = 10_000;
export const DOWNLOAD_PROXY_MAX_REDIRECTS = 5;

/** Shapes (our addition): the widest outline in canvas pixels, and a new shape's share of the canvas. */
export const MAX_SHAPE_STROKE = 200;
export const SHAPE_CANVAS_RATIO = 0.4;

/**
 * How long the server keeps visitors' uploads, results and detection masks unless its operator sets
 * RETENTION_HOURS; the policies and the help page state the same number.
 */
export const DEFAULT_RETENTION_HOURS = 24;

/** SPEC §5: a blur radius must be 0 to 32 ('Invalid blur radius'). */
export const BLUR_RADIUS_MAX = 32;
