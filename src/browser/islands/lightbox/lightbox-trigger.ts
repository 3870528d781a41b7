/**
 * Opens the lightbox from any `[data-lightbox]` element (gallery images, image blocks, product
 * images), fetching its code on the first click. Part of the island loader, so it must stay tiny:
 * one delegated listener. Keyboard users get it too (Enter on a link or button is a click).
 * A modified click (new tab, download) keeps the link's own behaviour.
 */
export function listenForLightbox(doc: Document): void {
  doc.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    const trigger = (e.target as Element | null)?.closest?.<HTMLElement>('[data-lightbox]');
    if (!trigger) return;
    e.preventDefault();
    import('./lightbox.js')
      .then((m) => m.openLightbox(trigger))
      .catch((err: unknown) => {
        // The chunk did not arrive: follow the link as if there were no lightbox.
        console.warn('lightbox: could not load', err);
        const href = trigger.getAttribute('href');
        if (href) location.href = href;
      });
  });
}
