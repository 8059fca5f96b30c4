import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTrees } from '../tests/helpers/fileTree';
import { moduleMocksInUnitTests } from './testIsolation';

const ROOT = path.resolve(__dirname, '..');
const tree = fileTrees('test-isolation');

describe('unit tests share modules, so none replaces one with vi.mock', () => {
  it('holds for the unit project', () => {
    expect(moduleMocksInUnitTests(ROOT)).toEqual([]);
  });

  it('reports vi.mock and vi.doMock in a unit test, not in a comment or a server test', () => {
    const vi = 'vi.'; // written apart, so this file does not report itself
    const dir = tree({
      'src/a.test.ts': `// ${vi}mock('./x') would leak\n${vi}mock('./x', () => ({}));\n`,
      'engine/b.test.ts': `const m = ${vi}mocked(fn);\n${vi}doMock('./y');\n`,
      'server/src/c.test.ts': `${vi}mock('./z');\n`,
    });
    expect(moduleMocksInUnitTests(dir).sort()).toEqual(['engine/b.test.ts:2', 'src/a.test.ts:2']);
  });
});
