import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n';

describe('i18n', () => {
  it('starts in the URL language, including the region code zh-tw', () => {
    const i18n = initI18n('zh-tw');
    expect(i18n.language).toBe('zh-tw');
    expect(i18n.t('nav.help')).toBe('說明'); // zh-tw's own text, not zh's 帮助
  });

  it('switches language and interpolates', async () => {
    const i18n = initI18n('zh-tw');
    await i18n.changeLanguage('de');
    expect(i18n.t('errors.fileTooLarge', { maxMb: 30 })).toBe('Die Datei ist zu groß. Maximal 30 MB sind erlaubt.');
    await i18n.changeLanguage('en');
    expect(i18n.t('text.uploadErrorTimeout')).toMatch(/timed out/);
  });
});
