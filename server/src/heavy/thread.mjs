// Entry of a heavy-work thread (heavyPool.ts). Plain JavaScript so it starts the same way
// under node, tsx and vitest; it registers tsx's loader and then loads the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./heavyThread.ts');
