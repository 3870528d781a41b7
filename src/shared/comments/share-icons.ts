import type { ShareNetwork } from './share.js';

/**
 * The share links' icons as inline SVG (24×24, currentColor): simple marks drawn here, so a page
 * loads nothing from the networks.
 */
const PATHS: Record<ShareNetwork, string> = {
  x: '<path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L2.2 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.4 4.7H5.6z" fill="currentColor"/>',
  facebook:
    '<path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v6h4v-6h3l.5-4h-3.5V9c0-.6.4-1 1-1z" fill="currentColor"/>',
  linkedin:
    '<path d="M4 9h3.6v11H4zM5.8 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.4v1.6c.5-.9 1.7-1.9 3.6-1.9 3.8 0 4.5 2.4 4.5 5.6V20h-3.6v-5c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H10z" fill="currentColor"/>',
  pinterest:
    '<path d="M12 2.5a9.5 9.5 0 0 0-3.5 18.3c0-.8 0-1.9.2-2.7l1.3-5.4s-.3-.7-.3-1.6c0-1.5.9-2.6 2-2.6.9 0 1.4.7 1.4 1.6 0 1-.6 2.4-.9 3.7-.3 1.1.6 2 1.7 2 2 0 3.4-2.6 3.4-5.7 0-2.3-1.6-4.1-4.5-4.1-3.3 0-5.3 2.4-5.3 5.1 0 .9.3 1.6.7 2.1.2.2.2.3.1.6l-.2.9c-.1.3-.3.4-.6.3-1.5-.6-2.2-2.3-2.2-4.1 0-3.1 2.6-6.7 7.7-6.7 4.1 0 6.8 3 6.8 6.2 0 4.2-2.3 7.4-5.8 7.4-1.2 0-2.3-.6-2.6-1.4l-.8 2.9c-.3 1-.8 2-1.3 2.8A9.5 9.5 0 1 0 12 2.5z" fill="currentColor"/>',
  email:
    '<path d="M3.5 6h17v12h-17z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M4 7l8 6 8-6" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>',
};

export function shareIconSvg(network: ShareNetwork): string {
  return `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">${PATHS[network]}</svg>`;
}
