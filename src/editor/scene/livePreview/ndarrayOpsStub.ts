/**
 * Stands in for `ndarray-ops` in the browser build (vite.config.ts alias). gl-react imports it through its
 * ndarray texture loader, and ndarray-ops compiles its operations with `Function(...)` when it loads, which
 * the app's Content Security Policy (script-src without 'unsafe-eval') refuses: the whole gl-react chunk
 * failed to load. The live preview never passes ndarray textures (only canvases), so nothing calls these;
 * if something ever does, it fails loudly instead of drawing garbage.
 */
function unavailable(): never {
  throw new Error('ndarray-ops is not available in the browser build (the CSP forbids its generated code)');
}

export const assign = unavailable;
export const muls = unavailable;
export default { assign, muls };
