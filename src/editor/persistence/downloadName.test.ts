import { describe, expect, it } from 'vitest';
import { projectZipName } from './downloadName';

describe('projectZipName', () => {
  it('uses the project name, made safe for file systems', () => {
    expect(projectZipName('Summer sale', 'PROJ_abc')).toBe('Summer sale.zip');
    expect(projectZipName('Summer sale / v2', 'PROJ_abc')).toBe('Summer sale - v2.zip');
    expect(projectZipName('a:b*c?', 'PROJ_abc')).toBe('a - b - c.zip');
    expect(projectZipName('  Résumé 春 ', 'PROJ_abc')).toBe('Résumé 春.zip');
  });

  it('falls back to project_<pid>.zip for an empty or unusable name', () => {
    expect(projectZipName('', 'PROJ_abc')).toBe('project_PROJ_abc.zip');
    expect(projectZipName(' /// ', 'PROJ_abc')).toBe('project_PROJ_abc.zip');
    expect(projectZipName('...', 'PROJ_abc')).toBe('project_PROJ_abc.zip');
  });

  it('keeps long names short', () => {
    expect(projectZipName('x'.repeat(300), 'P')).toBe(`${'x'.repeat(80)}.zip`);
  });
});
