import { describe, expect, it } from 'vitest';
import { ID_PHOTO_TEMPLATES } from '../idphoto/templates';
import { proOptionsOf } from './proOptions';

describe('PRO tool options', () => {
  it('the high-quality enhancer is PRO, its default (fast) mode is not', () => {
    expect(proOptionsOf('picenhance', { imgUrl: 'x', quality: 'high' })).toEqual(['picenhance.quality.high']);
    expect(proOptionsOf('picenhance', { imgUrl: 'x', quality: 'fast' })).toEqual([]);
    expect(proOptionsOf('picenhance', { imgUrl: 'x' })).toEqual([]);
  });

  it('task types without PRO options, and malformed params, use none', () => {
    expect(proOptionsOf('removebg', { imgUrl: 'x', quality: 'high' })).toEqual([]);
    expect(proOptionsOf('picenhance', null)).toEqual([]);
    expect(proOptionsOf('picenhance', ['quality', 'high'])).toEqual([]);
  });

  it('a PRO ID photo template is a PRO option, a free one is not', () => {
    const pro = ID_PHOTO_TEMPLATES.find((template) => template.isPro)!;
    const free = ID_PHOTO_TEMPLATES.find((template) => !template.isPro)!;
    expect(proOptionsOf('idphoto', { imgUrl: 'x', templateId: pro.templateId })).toEqual([`idphoto.templateId.${pro.templateId}`]);
    expect(proOptionsOf('idphoto', { imgUrl: 'x', templateId: free.templateId })).toEqual([]);
    expect(proOptionsOf('idphoto', { imgUrl: 'x', templateId: 'no-such-template' })).toEqual([]);
  });
});
