import './strictCsp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from './i18nCore';
import { loadMessages } from './i18nBundles/loadMessages';
import { initialLanguage } from './app/initialLanguage';
import { createAppRouter } from './app/router';
import { finishProviderSignIn } from './account/oidcHandoff';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/site.css';
import './styles/editor.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Load only the language the page will show (the URL's, or the remembered one for a path without
// a prefix), so the first paint is already translated and no other language is downloaded.
const lang = initialLanguage(window.location.pathname, document.cookie);
// A Google/Apple sign-in that just came back trades its one-time code first, so the app starts signed in.
void Promise.all([loadMessages(lang), finishProviderSignIn()]).then(([messages]) => {
  initI18n(lang, messages);
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
});
