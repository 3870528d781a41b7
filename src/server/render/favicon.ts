/** A small SVG icon, so browsers' automatic `/favicon.ico` request never shows a 404. */
export const FAVICON_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f2937"/><path d="M9 22V10h7.5a4 4 0 0 1 0 8H13v4z" fill="#fff"/></svg>',
);
