import './strictCsp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from './i18n';
import { splitLocalePath } from './app/localePath';
import { createAppRouter } from './app/router';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/editor.css';

// Start in the URL's language so the first paint is already translated.
initI18n(splitLocalePath(window.location.pathname).lang);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
