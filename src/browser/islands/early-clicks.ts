/**
 * Taps that come before an island is live are held, not lost (issue 14): a shopper who taps
 * Add To Cart while the page is still loading gets the add once the island hydrates, instead of
 * a dead button. The loader holds the click (capture phase, so nothing else sees it), starts that
 * island's hydration at once, and marks which control was tapped; the hydrator replays the click
 * on the same control when React has committed (`replayEarlyClick`).
 */
const CONTROLS = 'button, [role="button"], input[type="submit"]';
/** The tapped control's index among the island's controls, kept on the container. */
const PENDING = 'pendingClick';

/** The outermost island around `el`: nested islands hydrate with their parent. */
function islandOf(el: Element): HTMLElement | null {
  let island = el.closest<HTMLElement>('[data-island]');
  for (let up = island?.parentElement?.closest<HTMLElement>('[data-island]'); up;) {
    island = up;
    up = up.parentElement?.closest<HTMLElement>('[data-island]');
  }
  return island;
}

export function holdEarlyClicks(doc: Document, hydrateNow: (island: HTMLElement) => void): void {
  doc.addEventListener(
    'click',
    (ev) => {
      const control = ev.target instanceof Element ? ev.target.closest(CONTROLS) : null;
      const island = control && islandOf(control);
      // Live or broken islands handle (or ignore) their own clicks.
      if (!control || !island || island.dataset.hydrated) return;
      const index = [...island.querySelectorAll(CONTROLS)].indexOf(control);
      if (index < 0) return;
      ev.preventDefault();
      ev.stopPropagation();
      island.dataset[PENDING] = String(index);
      hydrateNow(island);
    },
    true,
  );
}

/** After hydration: clicks the control that was tapped before, once. */
export function replayEarlyClick(island: HTMLElement): void {
  const index = island.dataset[PENDING];
  if (index === undefined) return;
  delete island.dataset[PENDING];
  const control = island.querySelectorAll<HTMLElement>(CONTROLS)[Number(index)];
  control?.click();
}

/** An island that will never hydrate: its held tap is dropped and no more are held. */
export function giveUpEarlyClicks(island: HTMLElement): void {
  island.dataset.hydrated = 'failed';
  delete island.dataset[PENDING];
}
