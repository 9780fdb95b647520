// Browser entry point: loads the page language's text, builds the store and renders the app
// under the browser router.

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { startFirstPage } from './app/firstPage';
import { languageFromCookie, resolveLanguage } from './app/language';
import { loadMessages } from './app/messages';
import { createAppStore } from './app/store';
import './app/styles.css';
import './ui/fonts.css';
import './ui/ui.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container: HTMLElement = root;

const store = createAppStore();
const FIRST_PAINT_WAIT_MS = 8000;
const language = resolveLanguage(window.location.pathname, languageFromCookie());

function render(): void {
  const root = createRoot(container);
  // A transition: React renders the first page in slices, yielding to the browser between them,
  // rather than in one long task that would keep the page from answering a tap.
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App store={store} />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

// The page's code and data start loading now, alongside its language's text.
const pageReady = startFirstPage(window.location, language, store);
// The text of the page's language comes first, so the first render is already in it. A failed
// load still renders: the provider asks again.
const messagesReady = loadMessages(language);
if (container.hasAttribute('data-first-paint')) {
  // The server drew this page (its first paint, see http/src/web/first_paint.rs): it stays until
  // the client can draw the same page whole, its code and data here, rather than a loader; and
  // at most FIRST_PAINT_WAIT_MS, so that a slow answer never keeps the page from working.
  const cap = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  void Promise.race([Promise.allSettled([messagesReady, pageReady]), cap]).then(render);
} else {
  messagesReady.then(render, render);
}
