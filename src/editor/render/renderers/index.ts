/** The effects pipeline of the editor (WebGL with a CPU fallback); see shaders/README.md. */
export { createEffectRenderer, AdaptiveEffectRenderer, type CreateEffectRendererOptions } from './createEffectRenderer';
export { GlEffectRenderer, type GlEffectRendererOptions, type GlRenderOptions, type RenderPurpose } from './GlEffectRenderer';
export { CpuEffectRenderer } from './CpuEffectRenderer';
export { blendWithBackdrop, blendPixels, type BlendOptions } from './glBlend';
export { preDownloadShaders, loadShader, cachedShader, isShaderDevMode, GL_DEV_STORAGE_KEY } from './shaderSource';
export { LruCache, TEXTURE_POOL_LIMIT, EDITOR_TEXTURE_LIMIT, createEditorTextureCache } from './textureCache';
export { FramebufferStack } from './framebufferStack';
export { isWebglDisabled } from './sharedRunner';
