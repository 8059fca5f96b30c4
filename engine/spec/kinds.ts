/** Numeric and named kinds of SPEC §3. */

/** Project type strings and their id prefixes; ID photo projects add IDP_. */
export const PROJECT_ID_PREFIX = { project: 'PROJ_', cutouts: 'CUT_', idPhoto: 'IDP_' } as const;

/** Layer kinds (numeric). */
export const LayerKind = { USER_IMAGE: 0, TEXTURE: 1, BACKGROUND_RESOURCE: 2, STICKER: 3, TEXT: 4, SHAPE: 5 } as const;
/** Value types; 'shape' (layer kind 5) is our addition to SPEC §3. */
export const LAYER_VALUE_TYPES = ['img', 'color', 'text', 'colorfulText', 'shape'] as const;
/** Shape kinds of a 'shape' layer. */
export const SHAPE_KINDS = ['rect', 'ellipse', 'line'] as const;
/** Where a layer's value came from: none, the original upload, a resource, or a GPU (model) result. */
export const LAYER_VALUE_SOURCES = ['none', 'original', 'res', 'gpuResult'] as const;
export const BACKGROUND_LAYER_ID = 'bgLayer';

/** Image value source type: 1 local, 2 remote. */
export const ImageValueType = { LOCAL: 1, REMOTE: 2 } as const;
/** Text gravity. */
export const TextGravity = { LEFT: 0, CENTER: 1, RIGHT: 2 } as const;

/** Flow steps of the task flow job (SPEC §3). */
export const FlowStepId = {
  TEXT_REVIEW: 1,
  TEXT_TRANSLATION: 2,
  PICTURE_REVIEW: 3,
  UPLOAD: 4,
  SUBMIT: 5,
  QUERY: 6,
  RESULT_PICTURE_REVIEW: 7,
} as const;
export type FlowStepIdValue = (typeof FlowStepId)[keyof typeof FlowStepId];

/** Task stages (SPEC §4). */
export const TASK_STAGES = ['preprocess', 'upload', 'submit', 'pollingResult', 'download', 'postProcess', 'completed', 'failed'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];

/** Post-flow sub-stages (SPEC §4): 1 download, 2 pornography check, 3 finish. */
export const PostFlowStage = { DOWNLOAD: 1, PORN_CHECK: 2, FINISH: 3 } as const;
export type PostFlowStageValue = (typeof PostFlowStage)[keyof typeof PostFlowStage];

/** Asset status (SPEC §4). */
export const ASSET_STATUSES = ['none', 'user_upload', 'processing', 'completed', 'failed', 'retry'] as const;
export const LOGIN_STATES = ['none', 'logging', 'success', 'fail', 'cancel', 'expired', 'need-login'] as const;
export const PURCHASE_STATES = ['none', 'purchasing', 'success', 'fail', 'cancel', 'repeat'] as const;

/** Enhancement strength (SPEC §3). */
export const ENHANCE_STRENGTHS = ['Slight', 'Balance', 'Strong'] as const;

/** Export formats. */
export const EXPORT_FORMATS = ['png', 'jpg'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
