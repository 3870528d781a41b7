import type { Page } from 'playwright-core';

/** The storefront's list links that must be 44 px tall tap targets on a phone, by theme. */
export const LIST_LINKS: Record<'default' | 'folio', [path: string, selector: string][]> = {
  default: [
    ['/blog', '.entry-title a'],
    ['/blog', '.read-more'],
    ['/blog', '.entry-comments'],
    ['/blog', '.entry-tags a'],
    ['/blog', '.entry-categories a'],
    ['/events', '.event-title a'],
    ['/search?q=mug', '.search-result h2 a'],
    ['/shop', '.product-card-title'],
    ['/', '.summary-item h3 a'],
    ['/about', '.map-card a'],
  ],
  folio: [
    ['/blog', '.journal-title a'],
    ['/blog', '.journal-more .arrow-link'],
    ['/blog/a-morning-at-the-marsh', '.entry-comments'],
    ['/blog/a-morning-at-the-marsh', '.entry-terms a'],
    ['/events', '.agenda-title a'],
    ['/search?q=mug', '.search-result h2 a'],
    ['/shop', '.product-card-title'],
    ['/', '.summary-title a'],
    ['/about', '.map-card a'],
  ],
};

export interface TapTarget {
  text: string;
  /** How tall the link's tap target is through its first line, in CSS px (what a tap reaches). */
  height: number;
  /** Other links in the same list item whose centre this link's target covers. */
  covers: string[];
}

/**
 * Measures each link matched by `selector` (or the link around it) as a finger finds it: from the
 * middle of its first line, up and down one pixel at a time, while `elementFromPoint` still
 * lands on the link. So a padded link, a block link or a transparent `::after` all count, and
 * nothing the eye cannot tap does. It also lists the neighbouring links a grown target would hide.
 */
export function measureTapTargets(page: Page, selector: string): Promise<TapTarget[]> {
  return page.evaluate((sel) => {
    const out: TapTarget[] = [];
    for (const el of document.querySelectorAll(sel)) {
      const link = el.closest('a');
      if (!link) continue;
      link.scrollIntoView({ block: 'center' });
      const first = link.getClientRects()[0];
      if (!first) {
        out.push({ text: (link.textContent ?? '').trim(), height: 0, covers: [] });
        continue;
      }
      const x = first.left + Math.min(first.width / 2, 20);
      const mid = Math.round(first.top + first.height / 2);
      const on = (y: number) => document.elementFromPoint(x, y)?.closest('a') === link;
      let top = mid;
      let bottom = mid;
      while (on(top - 1) && mid - top < 200) top--;
      while (on(bottom + 1) && bottom - mid < 200) bottom++;
      const item = link.closest('li, article, .map-card') ?? link.parentElement!;
      const covers: string[] = [];
      for (const other of item.querySelectorAll('a')) {
        if (other === link || other.href === link.href) continue;
        const r = other.getBoundingClientRect();
        if (!r.width) continue;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (hit && !other.contains(hit) && hit.closest('a') === link)
          covers.push(other.textContent!.trim());
      }
      out.push({
        text: (link.textContent ?? '').trim(),
        height: on(mid) ? bottom - top + 1 : 0,
        covers,
      });
    }
    return out;
  }, selector);
}

/** Every list link of a theme that is under 44 px or hides a neighbour, as readable lines. */
export async function smallTapTargets(
  page: Page,
  base: string,
  links: [string, string][],
): Promise<string[]> {
  const bad: string[] = [];
  for (const [path, selector] of links) {
    await page.goto(base + path, { waitUntil: 'load' });
    const targets = await measureTapTargets(page, selector);
    if (targets.length === 0) bad.push(`${path} has no ${selector}`);
    for (const t of targets) {
      if (t.height < 44) bad.push(`${path} ${selector} "${t.text}" is ${t.height} px tall`);
      if (t.covers.length)
        bad.push(`${path} ${selector} "${t.text}" covers ${t.covers.join(', ')}`);
    }
  }
  return bad;
}
