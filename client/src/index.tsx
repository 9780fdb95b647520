// Browser entry point: builds the store and renders the app under the browser router.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { createAppStore } from './app/store';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App store={createAppStore()} />
    </BrowserRouter>
  </StrictMode>,
);
