/**
 * The layer boundaries of the architecture (README "Architecture"), checked in `npm test` by
 * `npm run check:layers`. Tests (`*.test.ts`, tests/) may cross a boundary to set up a real server
 * or a helper; production code may not.
 *
 * KNOWN_CYCLES are the import cycles that existed when the check was introduced (issue 11 removes
 * them); the list may only shrink: a new cycle, or a new file inside an old one, fails the check.
 */
const TEST = '(\\.test\\.tsx?$|\\.testkit\\.ts$|^tests/|^bench/|^server/src/testing/)';

const KNOWN_CYCLES = [];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order fragile and layers meaningless.',
      from: { pathNot: [TEST, ...KNOWN_CYCLES] },
      // Type-only imports vanish at run time; a cycle made only of them is harmless.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'picture-pipeline-scene',
      severity: 'error',
      comment: 'The picture pipeline runs one way: shell → canvas → scene → render → engine/effects; export → scene. The scene (react-konva nodes) draws the document for the live stage and for exports alike, so it never reaches back into the interaction layer, the shell or the exporter.',
      from: { path: '^src/editor/scene/', pathNot: TEST },
      to: { path: '^src/editor/(canvas|shell|export|panels|persistence)/' },
    },
    {
      name: 'picture-pipeline-render',
      severity: 'error',
      comment: 'render/ (WebGL and CPU renderers, caches, rasterising, effect plans) is plain TypeScript over canvases: no React, no react-konva nodes, nothing above it in the pipeline.',
      from: { path: '^src/editor/render/', pathNot: TEST },
      to: { path: ['^src/editor/(canvas|shell|export|scene|panels|persistence)/', 'node_modules/(react|react-dom|react-konva|@xstate/react)/'] },
    },
    {
      name: 'picture-pipeline-canvas',
      severity: 'error',
      comment: 'canvas/ is interaction only (gestures, overlays, view state): it shows the scene and never calls the exporter or the shell.',
      from: { path: '^src/editor/canvas/', pathNot: TEST },
      to: { path: '^src/editor/(shell|export)/' },
    },
    {
      name: 'picture-pipeline-export',
      severity: 'error',
      comment: 'Exports draw through the scene (what you see is what you export), never through the live canvas or the shell.',
      from: { path: '^src/editor/export/', pathNot: TEST },
      to: { path: '^src/editor/(canvas|shell)/' },
    },
    {
      name: 'product-no-test-kits',
      severity: 'error',
      comment: 'Test kits (*.testkit.ts, server/src/testing/) set up tests and benches; product code never loads them.',
      from: { pathNot: TEST },
      to: { path: ['\\.testkit\\.ts$', '^server/src/testing/'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing would slip past every other rule.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'engine-is-plain-typescript',
      severity: 'error',
      comment: 'engine/ is shared by the browser, the machines and the server: no React, Konva, gl-react, DOM-only or server code.',
      from: { path: '^engine/', pathNot: TEST },
      to: { path: ['^src/', '^machines/', '^server/', '^shaders/', 'node_modules/(react|react-dom|react-konva|konva|gl-react|gl-react-dom|@xstate/react)/'] },
    },
    {
      name: 'engine-zod-through-util',
      severity: 'error',
      comment: 'engine/util/zod.ts sets jitless mode before any schema parses; a direct zod import could parse first and trip the CSP (eval probe).',
      from: { path: '^engine/', pathNot: [TEST, '^engine/util/zod\\.ts$'] },
      to: { path: 'node_modules/zod/' },
    },
    {
      name: 'engine-no-node-builtins',
      severity: 'error',
      comment: 'engine/ runs in the browser too.',
      from: { path: '^engine/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'machines-no-views-or-server',
      severity: 'error',
      comment: 'Machines take their effects from outside; they never import views or server code.',
      from: { path: '^machines/', pathNot: TEST },
      to: { path: ['^src/', '^server/', 'node_modules/(react|react-dom|react-konva|konva)/'] },
    },
    {
      name: 'app-no-server',
      severity: 'error',
      comment: 'The browser app shares types and constants with the server only through engine/ (engine/spec).',
      from: { path: '^(src|shaders)/', pathNot: TEST },
      to: { path: '^server/' },
    },
    {
      name: 'server-no-app',
      severity: 'error',
      comment: 'The server shares code with the app only through engine/.',
      from: { path: '^server/', pathNot: TEST },
      to: { path: ['^src/', '^machines/', '^shaders/(?!.*\\.(glsl|frag|vert)$)'] },
    },
    {
      name: 'server-no-browser-engine',
      severity: 'error',
      comment: 'The few engine modules typed against the DOM or Vite (left out of tsconfig.server.json) stay out of the server.',
      from: { path: '^(server|cli|scripts)/', pathNot: TEST },
      to: { path: ['^engine/effects/effectStack\\.ts$', '^engine/colorfulText/styles\\.ts$'] },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist', '^\\.helpers'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
