/**
 * Set-up of the `components` Vitest project: React components rendered in real Chromium (browser mode).
 * The app's own style sheets, so that layout, visibility and hit targets are what a user gets, and
 * i18next in English with every language's strings, as the app has them once loaded.
 */
import { afterEach } from 'vitest';
import { cleanup } from 'vitest-browser-react';
import { initI18n } from '../../src/i18n';
import '../../src/styles/base.css';
import '../../src/styles/layout.css';
import '../../src/styles/components.css';
import '../../src/styles/pages.css';
import '../../src/styles/site.css';
import '../../src/styles/editor.css';

initI18n('en');
afterEach(() => cleanup());
