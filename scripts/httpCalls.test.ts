import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTrees } from '../tests/helpers/fileTree';
import { httpCallsOutsideApi } from './httpCalls';

const ROOT = path.resolve(__dirname, '..');
const tree = fileTrees('http-calls');

describe('every HTTP call of the client goes through src/api', () => {
  it('holds for the app', () => {
    expect(httpCallsOutsideApi(ROOT)).toEqual([]);
  });

  it('reports a new fetch( outside src/api, and only that one', () => {
    const dir = tree({
      'src/api/client.ts': "export const get = () => fetch('/api/x');\n",
      'src/pages/Page.tsx': "// fetch( in a comment is fine\nconst rows = await fetch('/api/rows');\nconst data = await api.fetch(1);\n",
      'src/pages/Page.test.tsx': "await fetch('/api/rows');\n",
    });
    expect(httpCallsOutsideApi(dir)).toEqual(['src/pages/Page.tsx:2']);
  });
});
