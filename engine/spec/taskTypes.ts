/**
 * Task types (service names) of SPEC §9. A task is submitted to
 * `POST /api/task/{taskType}`; a type the server does not run yet answers
 * SERVICE_UNAVAILABLE, a name outside this list PARAMS_INVALID.
 */
export const TASK_TYPES = [
  'contentReview',
  'picenhance',
  'removebg',
  'changebg',
  'descratch',
  'deoldify',
  'seginstance',
  'elimination',
  'aiextend',
  'lama',
  'idphoto',
  'bgblur',
  'aiPainting',
  'imageTagger',
  'aibg',
  'aiGeneratePic',
  'aiGeneratePicWebUi',
  'aiImageToImage',
  'productIdentify',
  'textExtract',
  'sealExtract',
  'headExtract',
  'removeWatermark',
  'aiReplace',
  'aiReplaceClothes',
  'aiReplaceProduct',
  'aiReplaceBg',
  'aiReplaceClothesDetect',
  'aiImgToImgComfyUiV1',
  'aiImgToImgComfyUiV2',
  'aiImgToImgWebUi',
  'batchEdit',
] as const;

export type TaskType = (typeof TASK_TYPES)[number];

export function isTaskType(value: unknown): value is TaskType {
  return typeof value === 'string' && (TASK_TYPES as readonly string[]).includes(value);
}

/** Error text of SPEC §5 for a function type outside the list. */
export const UNSUPPORTED_FUNCTION_TYPE = 'unsupported function type';
