import { describe, expect, it } from 'vitest';
import { designFileName, projectZipName, resultFileName } from './downloadName';

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

describe('resultFileName', () => {
  it('names a result after the original file and the tool', () => {
    expect(resultFileName('coffee.jpg', 'remove-background', 'png')).toBe('coffee-remove-background.png');
    expect(resultFileName('C:\\photos\\My cat.JPEG', 'enhanced', 'jpg')).toBe('My cat-enhanced.jpg');
    expect(resultFileName('coffee-remove-background.png', 'remove-background', 'png')).toBe('coffee-remove-background.png');
  });

  it('falls back to the SPEC default without a usable original name', () => {
    expect(resultFileName(null, 'enhanced', 'png', 42)).toBe('fileresult_42.png');
    expect(resultFileName('///.png', 'enhanced', 'png', 42)).toBe('fileresult_42.png');
  });
});

describe('designFileName', () => {
  it('uses the project name', () => {
    expect(designFileName('Summer sale / v2', 'png')).toBe('Summer sale - v2.png');
    expect(designFileName('', 'jpg', 7)).toBe('fileresult_7.jpg');
  });
});
