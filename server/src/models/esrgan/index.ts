/** Real-ESRGAN photo enhancement on onnxruntime-node: see enhance.ts for the modes. */
export { enhanceImage } from './enhance';
export * from '../../../../engine/spec/enhance';
