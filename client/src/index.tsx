// Browser entry point: loads the page language's text, builds the store and renders the app
// under the browser router.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { startFirstPage } from './app/firstPage';
import { languageFromCookie, resolveLanguage } from './app/language';
import { loadMessages } from './app/messages';
import { createAppStore } from './app/store';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container: HTMLElement = root;

const store = createAppStore();
const language = resolveLanguage(window.location.pathname, languageFromCookie());

function render(): void {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App store={store} />
      </BrowserRouter>
    </StrictMode>,
  );
}

// The page's code and data start loading now, alongside its language's text.
startFirstPage(window.location, language, store);
// The text of the page's language comes first, so the first render is already in it. A failed
// load still renders: the provider asks again.
loadMessages(language).then(render, render);
