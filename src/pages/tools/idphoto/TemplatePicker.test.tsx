import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { IdPhotoTemplate } from '../../../../engine/idphoto/template';
import { ID_PHOTO_TEMPLATES } from '../../../../engine/idphoto/templates';
import i18next from 'i18next';
import { TemplatePicker } from './TemplatePicker';

function Picker() {
  const [selected, setSelected] = useState<IdPhotoTemplate>(ID_PHOTO_TEMPLATES[0]);
  return (
    <>
      <TemplatePicker selectedId={selected.templateId} onSelect={setSelected} />
      <output data-testid="chosen">{selected.templateId}</output>
    </>
  );
}

const listed = () =>
  [...document.querySelectorAll('[data-testid^="idphoto.template."]')].map((button) => button.getAttribute('data-testid')?.slice('idphoto.template.'.length));

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('TemplatePicker', () => {
  test('opens on the popular templates; a category tab filters, and a press picks a template', async () => {
    const screen = await render(<Picker />);
    await expect.element(screen.getByRole('tab', { name: 'Popular' })).toHaveAttribute('aria-selected', 'true');
    const popular = listed();
    expect(popular.length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Visa' }));
    await expect.element(screen.getByRole('tab', { name: 'Visa' })).toHaveAttribute('aria-selected', 'true');
    const visas = listed();
    expect(visas.length).toBeGreaterThan(0);
    for (const id of visas) expect(ID_PHOTO_TEMPLATES.find((tpl) => tpl.templateId === id)?.categoryIds).toContain('visa');
    const pick = screen.getByTestId(`idphoto.template.${visas[0]}`);
    await userEvent.click(pick);
    await expect.element(pick).toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByTestId('chosen')).toHaveTextContent(visas[0] ?? '');
  });

  test('a search looks through every template, not only the chosen tab, and says when nothing matches', async () => {
    const screen = await render(<Picker />);
    const search = screen.getByRole('searchbox', { name: 'Search a country or document' });
    await userEvent.fill(search, 'germany');
    await expect.poll(listed).not.toHaveLength(0);
    for (const id of listed()) expect(ID_PHOTO_TEMPLATES.find((tpl) => tpl.templateId === id)?.countryCode).toBe('DE');
    // While searching, no tab claims to be the filter.
    await expect.element(screen.getByRole('tab', { name: 'Popular' })).toHaveAttribute('aria-selected', 'false');
    await userEvent.fill(search, 'qwertyuiop');
    await expect.element(screen.getByText('No template matches your search.')).toBeVisible();
  });

  test('a country is found by its name in the page language, where its search words do not have it', async () => {
    const french = new Intl.DisplayNames(['fr'], { type: 'region' });
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    const template = ID_PHOTO_TEMPLATES.find((tpl) => {
      const name = french.of(tpl.countryCode)?.toLowerCase() ?? '';
      return /^[a-z]+$/.test(name) && !tpl.searchTag.toLowerCase().includes(name) && name !== english.of(tpl.countryCode)?.toLowerCase();
    });
    if (!template) throw new Error('every template already lists its French country name');
    const name = french.of(template.countryCode) ?? '';
    await i18next.changeLanguage('fr');
    const screen = await render(<Picker />);
    await userEvent.fill(screen.getByRole('searchbox'), name);
    await expect.poll(listed).toContain(template.templateId);
    for (const id of listed()) expect(ID_PHOTO_TEMPLATES.find((tpl) => tpl.templateId === id)?.countryCode).toBe(template.countryCode);
  });
});
