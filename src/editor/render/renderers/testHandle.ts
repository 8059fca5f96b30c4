/** What the Playwright tests reach as window.__effects (see src/editor/testing/exposeTestHandle.ts). */
import { defaultAdjustParams } from '../../../../engine/doc/defaults';
import { blendImages, W3C_COMPOSITE_OP } from '../../../../engine/effects/blendModes';
import { layerEffectPasses } from '../../../../engine/effects/effectStack';
import { FILTERS, findFilter } from '../../../../engine/effects/filters/catalogue';
import { CpuEffectRenderer } from './CpuEffectRenderer';
import { createEffectRenderer } from './createEffectRenderer';
import { GlEffectRenderer } from './GlEffectRenderer';
import { blendPixels, blendWithBackdrop } from './glBlend';
import { createRunner, isWebglDisabled } from './sharedRunner';

export function effectsTestHandle() {
  return {
    createEffectRenderer,
    GlEffectRenderer,
    CpuEffectRenderer,
    blendWithBackdrop,
    blendPixels,
    isWebglDisabled,
    createRunner,
    layerEffectPasses,
    defaultAdjustParams,
    FILTERS,
    findFilter,
    blendImages,
    W3C_COMPOSITE_OP,
  };
}
