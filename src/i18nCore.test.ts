import { describe, expect, it } from 'vitest';
import { MISSING_KEY_MARKER } from './i18nCore';
import { initI18n } from './i18n';

describe('missing keys', () => {
  it('show a visible marker the tests look for, unless the caller gave a default', () => {
    const i18n = initI18n('en');
    expect(i18n.t('no.such.key')).toBe(`${MISSING_KEY_MARKER}no.such.key`);
    expect(i18n.t('no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(i18n.t('nav.help')).toBe('Help');
  });
});
