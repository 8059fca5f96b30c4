import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { LANGUAGES, LANGUAGE_NAMES } from '../../engine/spec/locales';
import { renderAtPath } from '../../tests/helpers/renderAtPath';
import { LanguageSwitcher } from './LanguageSwitcher';

describe('LanguageSwitcher', () => {
  test('lists the 14 languages by their own names and shows the language of the page', async () => {
    const screen = await renderAtPath('/ja/remove-background', <LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    await expect.element(select).toHaveValue('ja');
    const names = [...(select.element() as HTMLSelectElement).options].map((option) => option.textContent);
    expect(names).toEqual(LANGUAGES.map((code) => LANGUAGE_NAMES[code]));
  });

  test('picking a language keeps the page, its query and its hash, and swaps the prefix', async () => {
    const screen = await renderAtPath('/fr/help?q=png#export', <LanguageSwitcher />);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'de');
    await expect.element(screen.getByTestId('location')).toHaveTextContent('/de/help?q=png#export');
  });

  test('from English to Chinese and back', async () => {
    const screen = await renderAtPath('/en/upscale', <LanguageSwitcher />);
    await userEvent.selectOptions(screen.getByRole('combobox'), 'zh');
    await expect.element(screen.getByTestId('location')).toHaveTextContent('/zh/upscale');
    await userEvent.selectOptions(screen.getByRole('combobox'), 'en');
    await expect.element(screen.getByTestId('location')).toHaveTextContent(/^\/en\/upscale$/);
  });
});
