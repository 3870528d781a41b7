import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { readBoot } from './boot.js';
import './editor.css';

/**
 * The `editor` Vite entry, loaded only by /config (src/server/owners/config-home.ts). The server
 * rendered a header from the same boot data; the app replaces it on start.
 */
const root = document.getElementById('editor-root');
if (root) {
  root.textContent = '';
  createRoot(root).render(
    <StrictMode>
      <App boot={readBoot()} />
    </StrictMode>,
  );
}
