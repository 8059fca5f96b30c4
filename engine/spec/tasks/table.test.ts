import { describe, expect, it } from 'vitest';
import { TASK_CREDIT_COSTS } from '../commerce';
import { TASK_TYPES } from '../taskTypes';
import { TASKS, parseTaskParams, taskDefaults } from './table';

describe('the task table', () => {
  it('has one row for every SPEC §9 task type and none other', () => {
    expect(Object.keys(TASKS).sort()).toEqual([...TASK_TYPES].sort());
  });

  it('keeps the prices the ledger charged before the table (commerce.ts reads them from it)', () => {
    const before: Record<string, number> = {
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
    };
    expect(TASK_CREDIT_COSTS).toEqual(before);
  });

  it("accepts every row's own defaults", () => {
    for (const type of TASK_TYPES) {
      if (type === 'changebg' || type === 'idphoto' || type === 'batchEdit' || type === 'aiextend') continue; // need a choice
      expect(parseTaskParams(type, taskDefaults(type)), type).toMatchObject({ ok: true });
    }
  });

  it('fills defaults and accepts (but leaves out) other keys such as file URLs', () => {
    expect(parseTaskParams('bgblur', { inputKey: 'k', maskUrl: '/files/m.png', strength: null })).toEqual({ ok: true, value: { strength: 50, feather: 3 } });
    expect(parseTaskParams('picenhance', { scale: '2' })).toEqual({ ok: true, value: { efMode: 'Balance', scale: 2, mode: 'upscale', quality: 'fast' } });
  });

  it.each([
    ['bgblur', { strength: 120 }, 'strength must be 0..100'],
    ['bgblur', { feather: 'soft' }, 'feather must be a number of pixels 0..50'],
    ['picenhance', { efMode: 'Max' }, 'efMode must be one of Slight, Balance, Strong'],
    ['picenhance', { scale: 3 }, 'scale must be 2 or 4'],
    ['elimination', { quality: 'perfect' }, 'quality must be one of fast, best'],
    ['aiextend', {}, 'ratio must be one of 1:1, 4:3, 3:4, 16:9, 9:16, custom'],
    ['aiextend', { ratio: 'custom', width: 800 }, 'a custom size needs width and height'],
    ['aiextend', { ratio: 'custom', width: 5000, height: 600 }, 'width must be a whole number of pixels from 1 to 4096'],
    ['aiextend', { ratio: '1:1', position: 'middle' }, 'position must be { x, y } between 0 and 1'],
    ['changebg', {}, 'bgType must be one of color, gradient, library, image, transparent'],
    ['productIdentify', { styleId: 'spaceships' }, "styleId must be a product category, not 'spaceships'"],
    ['aiGeneratePic', { seed: -1 }, 'seed must be a whole number from 0 to 4294967295'],
    ['aiGeneratePic', { style: 'cubist' }, 'style must be one of the style presets'],
    ['aiGeneratePic', { width: 512 }, 'width and height must both be multiples of 64 from 256 to 2048'],
    ['aiImageToImage', { strength: 2 }, 'strength must be a number from 0.05 to 1'],
    ['removebg', 'a string', 'the params must be a JSON object'],
  ] as const)('%s %j → PARAMS_INVALID "%s"', (type, params, message) => {
    expect(parseTaskParams(type, params)).toEqual({ ok: false, message });
  });
});

describe('the AI background row (the aibg processor parses with it)', () => {
  it.each([
    [{ source: 'Photo' }, 'source must be one of None, CustomPrompt, CustomImage'],
    [{ canvasW: 10 }, 'canvasW must be a number from 64 to 4096'],
    [{ canvasH: 'tall' }, 'canvasH must be a number from 64 to 4096'],
    [{ customImageSimilarity: 120 }, 'customImageSimilarity must be a number from 0 to 100'],
  ] as const)('%j → PARAMS_INVALID "%s"', (params, message) => {
    expect(parseTaskParams('aibg', params)).toEqual({ ok: false, message });
  });

  it('passes a custom-image background on a given canvas, numbers sent as text included', () => {
    expect(parseTaskParams('aibg', { source: 'CustomImage', canvasW: '800', canvasH: 600, customImageSimilarity: 40 })).toEqual({
      ok: true,
      value: { source: 'CustomImage', canvasW: 800, canvasH: 600, customImageSimilarity: 40 },
    });
  });
});
