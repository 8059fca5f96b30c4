import { execFile } from 'node:child_process';

/** Optional system programs (Debian packages) and the tools that need them. */
const PROGRAMS = [{ name: 'apertium', package: 'apertium', tools: ['offline prompt translation'] }] as const;

export interface ToolStatus {
  program: string;
  available: boolean;
  degraded: readonly string[];
}

function hasProgram(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', `command -v ${name}`], (err) => resolve(!err));
  });
}

/** Checks which optional programs are installed; the server starts without them and says what is degraded. */
export async function checkSystemTools(): Promise<ToolStatus[]> {
  return Promise.all(
    PROGRAMS.map(async (p) => {
      const available = await hasProgram(p.name);
      return { program: p.name, available, degraded: available ? [] : p.tools };
    }),
  );
}
