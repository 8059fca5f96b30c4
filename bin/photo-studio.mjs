#!/usr/bin/env node
// The command-line tool (`npx photo-studio batch removebg ./photos -o ./out`, see README "Batch editing").
// It is TypeScript like the rest of the project: tsx (a runtime dependency) loads it.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
