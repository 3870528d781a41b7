/**
 * The phone menu (themes' `<details class="mobile-menu">`, issue 14). Without JavaScript the
 * `<details>` opens and closes by itself; this adds what a menu button owes keyboard and screen
 * reader users: `aria-expanded` kept in step, focus held inside the open panel (Tab and
 * Shift+Tab cycle from the last link back to the button), Escape or a tap outside closes it and
 * Escape returns focus to the button. Plain DOM and a few hundred bytes: it ships with the
 * island loader, no framework.
 */
const LINKS = 'a[href],button:not([disabled]),input:not([disabled]),summary';

export function enhanceMenuButtons(doc: Document): void {
  for (const menu of doc.querySelectorAll<HTMLDetailsElement>('details.mobile-menu')) {
    const button = menu.querySelector('summary');
    if (!button || menu.dataset.enhanced) continue;
    menu.dataset.enhanced = '1';
    const sync = () => button.setAttribute('aria-expanded', String(menu.open));
    sync();
    menu.addEventListener('toggle', sync);
    const close = (refocus: boolean) => {
      menu.open = false;
      if (refocus) button.focus();
    };
    menu.addEventListener('keydown', (ev) => {
      if (!menu.open) return;
      if (ev.key === 'Escape') {
        ev.preventDefault();
        close(true);
      } else if (ev.key === 'Tab') {
        const items = [...menu.querySelectorAll<HTMLElement>(LINKS)].filter(
          (el) => el.getClientRects().length > 0,
        );
        const first = items[0];
        const last = items[items.length - 1];
        const target = ev.shiftKey
          ? doc.activeElement === first && last
          : doc.activeElement === last && first;
        if (target) {
          ev.preventDefault();
          target.focus();
        }
      }
    });
    doc.addEventListener('click', (ev) => {
      if (menu.open && ev.target instanceof Node && !menu.contains(ev.target)) close(false);
    });
  }
}
