import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadFirstPage } from './app/router.tsx';
import { initI18n, loadDeferredCatalogues } from './lib/i18n.ts';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { registerServiceWorker } from './lib/pwa.ts';
import './index.css';

listenForInstallPrompt();

async function start(): Promise<void> {
  // The active language's catalogue is loaded before the first render (no flash of keys), and
  // the home page's code beside it when the visit starts there.
  const language = initI18n();
  await Promise.all([language, preloadFirstPage(window.location.pathname, language)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
  const register = () => {
    void registerServiceWorker().catch(() => undefined);
    // The rest of the catalogue, for the next page or dialog, once the page has loaded.
    void loadDeferredCatalogues().catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// In a task of its own: evaluating the entry's modules is one long task already, and what start
// does before its first await (reading the stored language, asking for the first page's chunks)
// made it longer.
setTimeout(() => void start(), 0);
