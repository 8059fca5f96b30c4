/**
 * The credits column of the task table (table.ts), kept apart from the zod schemas so that the pages
 * that only show prices (header balance, pricing, credits dialog) do not load zod and every schema
 * with them: the home page's first load stays under its 200 kB budget (issue 14, `npm run bench:site`).
 * One task costs this many credits; the ledger charges it and refunds a failed task.
 * Generative types cost more. Product recognition (productIdentify, imageTagger) is free: the AI background
 * step runs it by itself whenever the photos change (SPEC §4). The bulk resizer (batchEdit) is free too: it is
 * plain image scaling, not an AI tool.
 */
import type { TaskType } from '../taskTypes';

export const TASK_CREDITS = {
  removebg: 1,
  changebg: 1,
  bgblur: 1,
  idphoto: 1,
  seginstance: 1,
  headExtract: 1,
  imageTagger: 0,
  productIdentify: 0,
  textExtract: 1,
  sealExtract: 1,
  contentReview: 0,
  picenhance: 2,
  descratch: 2,
  elimination: 2,
  lama: 2,
  removeWatermark: 2,
  aiextend: 3,
  deoldify: 3,
  aibg: 4,
  aiPainting: 4,
  aiGeneratePic: 4,
  aiGeneratePicWebUi: 4,
  aiImageToImage: 4,
  aiImgToImgComfyUiV1: 4,
  aiImgToImgComfyUiV2: 4,
  aiImgToImgWebUi: 4,
  aiReplace: 4,
  aiReplaceClothes: 4,
  aiReplaceProduct: 4,
  aiReplaceBg: 4,
  aiReplaceClothesDetect: 1,
  batchEdit: 0,
} as const satisfies Record<TaskType, number>;

/**
 * Task types whose options change only how a cut-out the server already has is composited (background colour,
 * gradient, library picture, subject placement, blur strength). A submit naming a finished task of one of these
 * types, of the same owner and photo, in `recompositeOf` is free (issue 29): only a new AI pass on a new photo costs credits.
 */
export const RECOMPOSITE_TASK_TYPES: readonly TaskType[] = ['changebg', 'bgblur'];
/** The submit field that names the finished task a free re-composite starts from. */
export const RECOMPOSITE_FIELD = 'recompositeOf';
