/**
 * Batch editing (issue 17): the HTTP contract shared by the batch pages, the command-line tool and the
 * server. One batch = one tool + settings for all, and up to {@link BATCH_MAX_ITEMS} photos (items), each
 * with an optional per-photo override. Every item runs as one task of the existing task machinery
 * (`server/src/tasks`), so it is queued on pg-boss, shared by in-process and `npm run worker` workers,
 * charged per item and refunded when it fails (credit ledger trigger).
 *
 * Routes (all replies use the SPEC §3 envelope `{ resultCode, msg, data }`; `data` is the reply type named):
 *
 * | Method and path | Body | Reply `data` |
 * |---|---|---|
 * | POST /api/batch | JSON {@link CreateBatchRequest} | {@link BatchStatus} |
 * | GET  /api/batch | none | {@link BatchListReply} (the caller's recent batches, newest first) |
 * | GET  /api/batch/:batchId | none | {@link BatchStatus} |
 * | POST /api/batch/:batchId/items | multipart: field `file` (1..{@link BATCH_FILES_PER_REQUEST} images, the multipart file name is the photo's name; a folder path such as `shoes/a.jpg` keeps only `a.jpg`); optional field `keys`: a JSON list of the client's key for each file, in order (letters, digits, `_`, `-`, at most 64): a key the batch already has adds nothing and its existing item is answered (an upload sent again after a reload) | {@link AddItemsReply}, one item per file in the order sent |
 * | POST /api/batch/:batchId/zip | multipart: field `file`, one ZIP; each entry is keyed by its name, CRC-32 and size, so the same ZIP sent again to the same batch adds none of its photos twice (entries the batch holds take no room and answer with their items) | {@link AddItemsReply} |
 * | POST /api/batch/:batchId/items/:itemId/settings | JSON {@link ItemOverrideRequest} | {@link BatchItemStatus} |
 * | POST /api/batch/:batchId/items/:itemId/result | JSON {@link ReplaceResultRequest} | {@link BatchItemStatus} |
 * | POST /api/batch/:batchId/start | JSON `{}` | {@link BatchStatus} |
 * | POST /api/batch/:batchId/retry | JSON {@link RetryRequest} | {@link BatchStatus} |
 * | POST /api/batch/:batchId/cancel | JSON `{}` | {@link BatchStatus} |
 * | POST /api/batch/:batchId/download-link | JSON {@link DownloadLinkRequest} | {@link DownloadLinkReply} |
 * | GET  /api/batch/:batchId/download | none | `application/zip` stream of every completed result (not an envelope) |
 * | GET  /api/batch/:batchId/items/:itemId/download | none | the one result file, `Content-Disposition: attachment` with its output name (not an envelope) |
 *
 * The two download routes answer the owner's headers, or `?token=` of a download link: a plain link
 * navigation (`<a download>`) sends no device header, and the browser then streams the file to disk itself.
 * A link is valid for {@link BATCH_DOWNLOAD_LINK_SECONDS} and for its one batch or item only.
 *
 * Flow: create → add items (files, folders, ZIPs, several calls; items arrive as `user_upload`) →
 * optional per-item overrides → start (every `user_upload` item is queued; items added after start are
 * queued at once) → poll `GET /api/batch/:batchId` every {@link BATCH_POLL_INTERVAL_MS} until
 * `state` is `done` or `cancelled` → download. A batch is owned by its creator (account, or visitor
 * device, exactly like uploads and tasks); another caller's batch answers PARAMS_INVALID "unknown batch".
 *
 * Errors (SPEC §8): malformed requests, unknown batch or item, a full batch, an unusable ZIP → PARAMS_INVALID
 * (-102) with the reason; too few credits to start → CREDITS_NOT_ENOUGH (1010103) and nothing is queued
 * past the items that could be paid for (they stay `user_upload`). A photo that cannot be used
 * (not an image, damaged, too large, unsafe name in a ZIP) does not refuse the upload: it becomes an item
 * with status `failed` and a `reason`, and the rest of the batch runs.
 */
import type { ChangeBgRequest } from '../backgrounds/params';
import type { EnhanceScale, EnhanceStrength } from './enhance';
import { ASSET_STATUSES } from './kinds';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from './limits';
import type { TaskType } from './taskTypes';

// ---------------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------------

/** Most photos one batch holds (issue 17: "up to 100 photos at once"). */
export const BATCH_MAX_ITEMS = 100;
/** Files per multipart request to `/items`: the server's multipart limit (limits.ts); send more in several calls. */
export const BATCH_FILES_PER_REQUEST = UPLOAD_MAX_FILES;
/** Largest single photo, in a multipart request or inside a ZIP: the upload limit (limits.ts). */
export const BATCH_ITEM_MAX_BYTES = UPLOAD_MAX_BYTES;
/** Largest ZIP file a batch accepts. Photos barely compress, so a ZIP is about the sum of its photos. */
export const BATCH_ZIP_MAX_BYTES = 1024 * 1024 * 1024;
/** Most bytes all entries of one batch ZIP may unpack to (a ZIP bomb stops here). */
export const BATCH_ZIP_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/**
 * Most entries (files and folders) a batch ZIP's directory may list. A ZIP listing more is refused as a
 * whole before anything is unpacked; one listing fewer but holding more photos than the batch has room
 * for is refused too, naming both numbers.
 */
export const BATCH_ZIP_MAX_ENTRIES = 1000;
/**
 * How long a download link (`POST …/download-link`) works: long enough to click it and for the download to
 * start (a ZIP that is streaming goes on after it expires), short enough that a link seen in a history or a
 * log is useless soon after.
 */
export const BATCH_DOWNLOAD_LINK_SECONDS = 300;
/** How often the pages and the CLI poll a running batch (the SPEC §9 polling interval). */
export { POLL_INTERVAL_MS as BATCH_POLL_INTERVAL_MS } from './limits';

// ---------------------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------------------

/** The four batch tools, by the id the API and the CLI use (`photo-studio batch <tool> …`). */
export const BATCH_TOOL_IDS = ['enhance', 'removebg', 'changebg', 'resize'] as const;
export type BatchToolId = (typeof BATCH_TOOL_IDS)[number];

export interface BatchToolInfo {
  id: BatchToolId;
  /** The task type each item runs as (engine/spec/taskTypes.ts); its credit cost is TASK_CREDIT_COSTS[taskType]. */
  taskType: TaskType;
  /** The page of the tool (SPEC §2). */
  path: string;
  /** Added to each original name (before the extension) in downloads: `shoe.jpg` → `shoe-nobg.png`. */
  suffix: string;
}

/**
 * The tools. The resizer has no single-photo page; it runs as the SPEC §9 `batchEdit` task type
 * (`server/src/processors/batchResize.ts`), so `POST /api/task/batchEdit` resizes one photo too.
 */
export const BATCH_TOOLS: Readonly<Record<BatchToolId, BatchToolInfo>> = {
  enhance: { id: 'enhance', taskType: 'picenhance', path: '/batch-edit/bulk-image-enhancer', suffix: '-enhanced' },
  removebg: { id: 'removebg', taskType: 'removebg', path: '/batch-edit/bulk-background-remover', suffix: '-nobg' },
  changebg: { id: 'changebg', taskType: 'changebg', path: '/batch-edit/bulk-background-changer', suffix: '-newbg' },
  resize: { id: 'resize', taskType: 'batchEdit', path: '/batch-edit/bulk-image-resizer', suffix: '-resized' },
};

export function isBatchToolId(value: unknown): value is BatchToolId {
  return typeof value === 'string' && (BATCH_TOOL_IDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------
// Settings (settings for all; an item override is a Partial of the same type, merged key by key)
// ---------------------------------------------------------------------------------------------------

/** Bulk enhancer: the `picenhance` task's options (engine/spec/enhance.ts). Defaults: Balance, 4×. */
export interface EnhanceBatchSettings {
  efMode?: EnhanceStrength;
  scale?: EnhanceScale;
}

/** Bulk background remover: no options; every result is a transparent PNG. */
export type RemoveBgBatchSettings = Record<string, never>;

/**
 * Bulk background changer: the `changebg` task's fields (engine/backgrounds/params.ts): `bgType` colour,
 * gradient, library, image (`bgUrl` = a `fileUrl` from `POST /api/upload` by the same caller) or transparent.
 */
export type ChangeBgBatchSettings = ChangeBgRequest;

/** How the resizer picks the output size. */
export const RESIZE_MODES = ['exact', 'percentage', 'longestSide', 'preset'] as const;
export type ResizeMode = (typeof RESIZE_MODES)[number];

/**
 * How a photo meets an exact size (and a preset) when `keepAspect` is false:
 * `fit` = the whole photo, centred, padded with `background`; `fill` = stretched to the size;
 * `crop` = covers the size, centre-cropped.
 */
export const RESIZE_FITS = ['fit', 'fill', 'crop'] as const;
export type ResizeFit = (typeof RESIZE_FITS)[number];

/** Output format: `original` keeps the input's format (JPEG, PNG or WebP; others become JPEG). */
export const RESIZE_FORMATS = ['original', 'jpg', 'png', 'webp'] as const;
export type ResizeFormat = (typeof RESIZE_FORMATS)[number];

/**
 * Bulk resizer settings. Which size fields apply depends on `mode`:
 * - `exact`: `width` and/or `height` in pixels. With `keepAspect` (default true) the photo is scaled to fit
 *   inside width × height without distortion, padding or cropping (one given side → the other follows);
 *   with `keepAspect: false` the output is exactly width × height, shaped by `fit`.
 * - `percentage`: `percent` of the original size (1..1000).
 * - `longestSide`: the longest side becomes `longestSide` pixels, aspect kept.
 * - `preset`: `presetId` of {@link RESIZE_PRESETS}; exactly its size, shaped by `fit` (default {@link defaultResizeFit}:
 *   fit on white for marketplaces, crop for social posts).
 * Output: `format` (default `original`), `quality` 1..100 for JPEG and WebP (default 90, SPEC §9 JPEG
 * quality 0.9), and an optional `maxFileKB` target: quality, then size, is lowered until the file fits.
 * `noUpscale` leaves photos already smaller than the target size at their size.
 */
export interface ResizeBatchSettings {
  mode: ResizeMode;
  width?: number;
  height?: number;
  keepAspect?: boolean;
  fit?: ResizeFit;
  /** `#RRGGBB` or `#RRGGBBAA` padding for `fit` (default white; transparent needs png or webp). */
  background?: string;
  percent?: number;
  longestSide?: number;
  presetId?: ResizePresetId;
  noUpscale?: boolean;
  format?: ResizeFormat;
  quality?: number;
  maxFileKB?: number;
}

/** Pixel bounds of any resizer output side, and the file-size target's lower bound. */
export const RESIZE_MIN_SIDE = 1;
export const RESIZE_MAX_SIDE = 10_000;
export const RESIZE_PERCENT_RANGE = [1, 1000] as const;
export const RESIZE_MIN_FILE_KB = 10;
export const RESIZE_DEFAULT_QUALITY = 90;

/** Settings per tool. */
export interface BatchSettingsByTool {
  enhance: EnhanceBatchSettings;
  removebg: RemoveBgBatchSettings;
  changebg: ChangeBgBatchSettings;
  resize: ResizeBatchSettings;
}
export type BatchSettings = BatchSettingsByTool[BatchToolId];
export type BatchSettingsOverride = Partial<EnhanceBatchSettings> | Partial<ChangeBgBatchSettings> | Partial<ResizeBatchSettings>;

// ---------------------------------------------------------------------------------------------------
// Resizer presets
// ---------------------------------------------------------------------------------------------------

export interface ResizePreset {
  id: string;
  group: 'marketplace' | 'social';
  /** The platform's name (a brand: shown as is, not translated). */
  label: string;
  width: number;
  height: number;
}

/**
 * Marketplace and social sizes. Each source is the platform's own published guidance as we read it when
 * writing this list (platforms change them; the names say what the size is for).
 */
export const RESIZE_PRESETS = [
  // Amazon Seller Central, "Product image requirements": ≥ 1000 px on the longest side enables zoom; square 2000 × 2000 is the common choice.
  { id: 'amazon', group: 'marketplace', label: 'Amazon product', width: 2000, height: 2000 },
  // Shopify Help Center, "Product media": square product images of 2048 × 2048 px are recommended.
  { id: 'shopify', group: 'marketplace', label: 'Shopify product', width: 2048, height: 2048 },
  // eBay Seller Center, "Picture requirements": at least 500 px, 1600 px on the longest side recommended.
  { id: 'ebay', group: 'marketplace', label: 'eBay listing', width: 1600, height: 1600 },
  // Etsy Help Center, "Image size recommendations": listing photos 3000 × 2250 px (4:3), shortest side ≥ 2000 px.
  { id: 'etsy', group: 'marketplace', label: 'Etsy listing', width: 3000, height: 2250 },
  // Walmart Marketplace Learn, "Product detail page images": 2200 × 2200 px recommended (minimum 1500).
  { id: 'walmart', group: 'marketplace', label: 'Walmart Marketplace', width: 2200, height: 2200 },
  // Instagram Help Center, "Image resolution": square posts 1080 × 1080 px.
  { id: 'instagram-square', group: 'social', label: 'Instagram post (square)', width: 1080, height: 1080 },
  // Instagram Help Center: portrait posts 4:5, 1080 × 1350 px.
  { id: 'instagram-portrait', group: 'social', label: 'Instagram post (portrait)', width: 1080, height: 1350 },
  // Instagram Help Center: stories and reels 9:16, 1080 × 1920 px (TikTok's creator guidance uses the same size).
  { id: 'story', group: 'social', label: 'Instagram / TikTok story', width: 1080, height: 1920 },
  // Meta for Developers, "Sharing best practices" (og:image): 1200 × 630 px for link and feed images.
  { id: 'facebook-post', group: 'social', label: 'Facebook post', width: 1200, height: 630 },
  // X (Twitter) business help, "Image specs": single in-stream image 16:9, 1200 × 675 px.
  { id: 'x-post', group: 'social', label: 'X (Twitter) post', width: 1200, height: 675 },
  // LinkedIn Marketing Solutions, "Single image ad specs": 1200 × 627 px.
  { id: 'linkedin-post', group: 'social', label: 'LinkedIn post', width: 1200, height: 627 },
  // Pinterest Business, "Product specs" for standard Pins: 2:3, 1000 × 1500 px.
  { id: 'pinterest-pin', group: 'social', label: 'Pinterest pin', width: 1000, height: 1500 },
  // YouTube Help, "Add video thumbnails": 1280 × 720 px.
  { id: 'youtube-thumbnail', group: 'social', label: 'YouTube thumbnail', width: 1280, height: 720 },
] as const satisfies readonly ResizePreset[];

export type ResizePresetId = (typeof RESIZE_PRESETS)[number]['id'];

/**
 * The fit a resize uses when none is chosen: a marketplace preset puts the whole product on white (sellers'
 * photos must show the whole product; a crop cut its sides off, issue 29), a social preset fills its frame
 * (crop), and a custom size fits inside (pads).
 */
export function defaultResizeFit(mode: ResizeMode, presetId?: unknown): ResizeFit {
  if (mode !== 'preset') return 'fit';
  return resizePresetById(presetId)?.group === 'marketplace' ? 'fit' : 'crop';
}

export function resizePresetById(id: unknown): ResizePreset | undefined {
  return RESIZE_PRESETS.find((p) => p.id === id);
}

// ---------------------------------------------------------------------------------------------------
// Requests and replies
// ---------------------------------------------------------------------------------------------------

/** `POST /api/batch`. */
export interface CreateBatchRequest {
  tool: BatchToolId;
  /** Settings for all photos; checked now (PARAMS_INVALID with the reason). */
  settings: BatchSettings;
}

/** `POST /api/batch/:batchId/items/:itemId/settings`: `null` removes the override. Allowed unless the item is processing. */
export interface ItemOverrideRequest {
  override: BatchSettingsOverride | null;
}

/**
 * `POST /api/batch/:batchId/items/:itemId/result`: the fine-tuned result from the editor
 * (`/batch-edit/edit?pid=`) replaces the item's result; `fileUrl` is the caller's own upload
 * (`POST /api/upload`). The item becomes `completed`.
 */
export interface ReplaceResultRequest {
  fileUrl: string;
}

/** `POST /api/batch/:batchId/retry`: no ids = every failed item; ids may name failed or completed items (run again, e.g. after a new override). */
export interface RetryRequest {
  itemIds?: string[];
}

/** SPEC §4 asset status of one photo. `none` is the client's state before the upload; the server never reports it. */
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/**
 * Batch state: `open` before start; `running` while any item is processing or retry; `done` when every
 * item is completed or failed; `cancelled` after cancel (processed items stay downloadable).
 */
export const BATCH_STATES = ['open', 'running', 'done', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** One photo of a batch. */
export interface BatchItemStatus {
  itemId: string;
  /** Order of arrival, from 0. */
  index: number;
  /** The original file name (a ZIP entry's or folder file's last path part). */
  name: string;
  /** Its name in the download ZIP and single download: original name + tool suffix, made unique in the batch. */
  outputName: string;
  status: Exclude<AssetStatus, 'none'>;
  /** 0..1, the task's progress while processing; 1 when completed. */
  progress: number;
  /** SPEC §8 code: 100 when completed, the failure's code when failed (cancelled items: -101), else -112. */
  resultCode: number;
  /** Why it failed, in words (English; the page may show its own text per `resultCode`). */
  reason: string | null;
  /** The uploaded photo (absolute URL), null when the upload itself was refused. */
  inputUrl: string | null;
  /** The result (absolute URL) when completed. */
  resultUrl: string | null;
  /** This item's override of the batch settings, or null. */
  override: BatchSettingsOverride | null;
  /** How many times it has been queued (1 after start, +1 per retry). */
  runs: number;
  /** The page's key for the photo (the `keys` field of its upload), or null: a page resumed after a reload knows which of the photos it kept are already here. */
  key: string | null;
}

export interface BatchCounts {
  total: number;
  user_upload: number;
  processing: number;
  retry: number;
  completed: number;
  failed: number;
}

/** Reply of most batch routes: the whole batch. */
export interface BatchStatus {
  batchId: string;
  tool: BatchToolId;
  settings: BatchSettings;
  state: BatchState;
  counts: BatchCounts;
  /** 0..1 over all items: completed and failed count 1, processing items their progress. */
  progress: number;
  /** Credits one item costs (TASK_CREDIT_COSTS of the tool's task type); failed items are refunded. */
  creditsPerItem: number;
  /** ISO times. */
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  items: BatchItemStatus[];
}

/** `GET /api/batch`: the caller's batches without their items, newest first (at most 20). */
export interface BatchListReply {
  batches: Array<Omit<BatchStatus, 'items'>>;
}

/** `POST /api/batch/:batchId/items` and `/zip`: the items this call added (refused photos included, as `failed`). */
export interface AddItemsReply {
  items: BatchItemStatus[];
  /** ZIP entries left out without becoming items: folders, system files (`__MACOSX/`, `.DS_Store`, hidden files). */
  skipped: string[];
  batch: BatchStatus;
}

/** `POST /api/batch/:batchId/download-link`: a link to the whole ZIP (no itemId) or to one item's result. */
export interface DownloadLinkRequest {
  itemId?: string;
}

/** A link that downloads without the owner's headers until `expiresAt` (ISO time). */
export interface DownloadLinkReply {
  url: string;
  expiresAt: string;
}
