/**
 * What a person sees between clicks (issue 29 item 12, the small polish): styled selects, the My projects grid while
 * thumbnails load, the magic eraser's toolbar leaving room for the photo, and the signed-in header at phone width.
 * The bulk resizer's sidebar is checked in batchResizer.spec.ts, the AI background's product select in
 * textExtraction.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectStyledSelect } from '../helpers/styledSelect';

test('every select outside the editor wears the app\'s select, not the browser\'s default', async ({ page }) => {
  for (const route of ['/en/pricing', '/en/batch-edit/bulk-image-resizer', '/en/batch-edit/bulk-image-enhancer', '/en/ai-image-generator']) {
    await page.goto(route);
    const selects = page.locator('main select');
    await expect(selects.first(), route).toBeVisible();
    for (const select of await selects.all()) await expectStyledSelect(select);
  }
});
