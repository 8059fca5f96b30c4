import { describe, expect, it } from 'vitest';
import { proItemsOf } from '../../../engine/doc/proItems';
import { buildTemplateProject } from './buildTemplateProject';
import { DESIGN_TEMPLATES } from './designTemplates';

/**
 * The gallery's PRO badge and the export check must agree (SPEC §6 "template pro flag"): a free
 * template exports without a subscription, a PRO one asks for it.
 */
describe('design templates and the pro check', () => {
  for (const template of DESIGN_TEMPLATES) {
    it(`${template.id} (${template.pro ? 'PRO' : 'free'}) ${template.pro ? 'needs' : 'does not need'} a subscription to export`, () => {
      const project = buildTemplateProject(template, (key) => key, template.id);
      const items = proItemsOf(project);
      if (template.pro) expect(items.length).toBeGreaterThan(0);
      else expect(items).toEqual([]);
    });
  }
});
