// Types for build-font-manifest.mjs, so the server (TypeScript) can build the manifest lazily.
export interface BuildFontManifestResult {
  path: string;
  families: number;
  bytes: number;
  skipped: boolean;
}
export function manifestPathFor(root?: string): string;
export function nearestWeight(weights: number[], target?: number): number;
export function parseFontFaces(css: string): Array<{ weight: number; style: string; file: string; unicodeRange: string }>;
export function buildFontManifest(options?: { root?: string; force?: boolean; quiet?: boolean }): BuildFontManifestResult;
