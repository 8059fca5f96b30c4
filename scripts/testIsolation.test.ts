import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTrees } from '../tests/helpers/fileTree';
import { moduleMocksInTests } from './testIsolation';

const ROOT = path.resolve(__dirname, '..');
const tree = fileTrees('test-isolation');

describe('test files share modules, so none replaces one with vi.mock', () => {
  it('holds for the unit and server projects', () => {
    expect(moduleMocksInTests(ROOT)).toEqual([]);
  });

  it('reports vi.mock and vi.doMock in a test file, not in a comment or outside the tests', () => {
    const vi = 'vi.'; // written apart, so this file does not report itself
    const dir = tree({
      'src/a.test.ts': `// ${vi}mock('./x') would leak\n${vi}mock('./x', () => ({}));\n`,
      'engine/b.test.ts': `const m = ${vi}mocked(fn);\n${vi}doMock('./y');\n`,
      'server/src/c.test.ts': `${vi}mock('./z');\n`,
      'server/src/c.ts': `${vi}mock('./not-a-test');\n`,
      'tests/e2e/d.test.ts': `${vi}mock('./not-vitest');\n`,
    });
    expect(moduleMocksInTests(dir).sort()).toEqual(['engine/b.test.ts:2', 'server/src/c.test.ts:1', 'src/a.test.ts:2']);
  });
});
