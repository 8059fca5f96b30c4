/** Real-ESRGAN photo enhancement on onnxruntime-node: see enhance.ts for the modes. */
export { enhanceImage, type EnhanceOptions, type EnhanceResult } from './enhance';
export * from '../../../../engine/spec/enhance';
export { loadEsrgan, type EsrganModel } from './session';
export { runTiled, TILE_MARGIN, TILE_SIZE, type TiledRunOptions } from './tiledRunner';
export { planTiles, type Tile } from './tiles';
