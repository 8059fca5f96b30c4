/** Playwright check that a <select> wears the app's select (src/styles/components.css .select), not the browser's default. */
import { expect, type Locator } from '@playwright/test';

export async function expectStyledSelect(select: Locator) {
  const look = await select.evaluate((el) => {
    const style = getComputedStyle(el);
    return { appearance: style.appearance, chevron: style.backgroundImage, radius: style.borderTopLeftRadius, border: style.borderTopWidth };
  });
  const name = (await select.getAttribute('data-testid')) ?? (await select.getAttribute('id')) ?? 'select';
  expect(look.appearance, name).toBe('none');
  expect(look.chevron, name).toContain('svg');
  expect(look.radius, name).toBe('8px');
  expect(look.border, name).toBe('1px');
}
