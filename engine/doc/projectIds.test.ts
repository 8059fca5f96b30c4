import { describe, expect, it } from 'vitest';
import { createProjectId, isIdPhotoProjectId, isValidProjectId, projectTypeFromId } from './projectIds';

describe('project ids', () => {
  it('uses the SPEC prefixes for each type', () => {
    expect(createProjectId('project')).toMatch(/^PROJ_[0-9A-Za-z]{24}$/);
    expect(createProjectId('cutouts')).toMatch(/^CUT_[0-9A-Za-z]{24}$/);
  });

  it('puts IDP_ after the type prefix for ID photo projects', () => {
    const id = createProjectId('project', { idPhoto: true });
    expect(id).toMatch(/^PROJ_IDP_[0-9A-Za-z]{24}$/);
    expect(projectTypeFromId(id)).toBe('project');
    expect(isIdPhotoProjectId(id)).toBe(true);
    expect(isIdPhotoProjectId(createProjectId('project'))).toBe(false);
  });

  it('makes different ids every time, using the whole alphabet', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => createProjectId('cutouts')));
    expect(ids.size).toBe(2000);
    const chars = new Set([...ids].flatMap((id) => [...id.slice(4)]));
    expect(chars.size).toBe(62);
  });

  it('reads the type back and refuses malformed ids', () => {
    expect(projectTypeFromId(createProjectId('project'))).toBe('project');
    expect(projectTypeFromId(createProjectId('cutouts'))).toBe('cutouts');
    for (const bad of [
      '',
      'PROJ_',
      'PROJ_short',
      'proj_abcdefghijkl',
      'IDP_PROJ_abcdefghijkl',
      'PROJ_abc/../defghij',
      'X_abcdefghijkl',
      `CUT_${'a'.repeat(65)}`,
    ]) {
      expect(isValidProjectId(bad)).toBe(false);
      expect(projectTypeFromId(bad)).toBeNull();
    }
    expect(isValidProjectId(42)).toBe(false);
    expect(isValidProjectId('CUT_abcdefgh')).toBe(true);
  });
});
