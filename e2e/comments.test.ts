import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { hydrated } from './product-islands-helpers.js';
import type { RunningServer } from './server.js';
import { useServerAndBrowser } from './harness.js';
import { signInOwnerByApi } from './owner.js';

/** The demo post with comments on (demo/demo-store.json; comments from comments/demo-comments.ts). */
const POST = '/blog/why-we-fire-to-cone-6';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical axe-core violations inside the comment section and the like/share row. */
async function axeViolations(page: import('playwright-core').Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run({ include: [['.item-social'], ['#comments']] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  });
}

describe('comments and likes in the browser (390 px)', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it('posts a comment that waits for approval, the owner approves it, and it shows on the post', async () => {
    const { page, errors, failed, context } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${server.url}${POST}`);
    const heading = page.locator('#comments-title');
    expect(await heading.textContent()).toBe('3 Comments');
    expect(await page.locator('.comment-list .comment-author').allTextContents()).toEqual([
      'Maya R.',
      'Nora Whitcomb',
      'Tom',
    ]);

    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // The ids the server rendered (React), before the browser hydrates (preact/compat).
    const ssrHtml = await (await page.request.get(`${server.url}${POST}`)).text();
    const ssrFor = [...ssrHtml.matchAll(/<label for="([^"]+)"/g)].map((m) => m[1]);
    expect(ssrFor.length).toBeGreaterThanOrEqual(4);

    await page.locator('#comment-form').scrollIntoViewIfNeeded();
    await hydrated(page, '[data-island="comment-form"]');
    const form = page.locator('#comment-form');
    // The shared rules answer before anything is sent.
    await form.getByRole('button', { name: 'Post Comment' }).click();
    expect(await form.locator('.field-error').first().textContent()).toBe('Enter your name.');
    // Hydrated, with error texts made in the browser: every label still names its control and
    // every aria reference an element (ids come from the item, not useId).
    const refs = await page.evaluate(() => {
      const root = document.querySelector('[data-island="comment-form"]')!;
      const labels = [...root.querySelectorAll('label[for]')].map((l) => {
        const target = document.getElementById(l.getAttribute('for')!);
        return { for: l.getAttribute('for')!, ok: !!target && root.contains(target) };
      });
      const aria = [...root.querySelectorAll('[aria-describedby],[aria-labelledby]')].flatMap(
        (el) =>
          `${el.getAttribute('aria-describedby') ?? ''} ${el.getAttribute('aria-labelledby') ?? ''}`
            .split(/\s+/)
            .filter(Boolean)
            .map((id) => ({ id, ok: !!document.getElementById(id) })),
      );
      return { labels, aria };
    });
    expect(refs.labels.filter((l) => !l.ok)).toEqual([]);
    expect(refs.aria.filter((a) => !a.ok)).toEqual([]);
    expect(refs.aria.some((a) => a.id.endsWith('-name-error'))).toBe(true);
    expect(refs.labels.map((l) => l.for)).toEqual(ssrFor.filter((f) => f!.startsWith('cf-')));
    await form.getByLabel('Name').fill('E2E Reader');
    await form.getByLabel('Email').fill('reader@example.com');
    await form.getByLabel('Comment').fill('Three links? http://a.io http://b.io http://c.io');
    await form.getByRole('button', { name: 'Post Comment' }).click();
    expect(await form.locator('.field-error').first().textContent()).toBe(
      'Comments can hold at most 2 links.',
    );
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Comment').fill('A lovely read, thank you from the e2e test.');
    await form.getByRole('button', { name: 'Post Comment' }).click();
    await expect
      .poll(() => page.locator('.comment-thanks').textContent(), { timeout: 30_000 })
      .toBe('Thank you! Your comment is awaiting approval.');

    // Like the post: one like per visitor; the count follows. The actions hydrate when seen, so
    // the reader scrolls back up to them (the post's terms and comments sit between).
    await page.locator('[data-island="item-actions"]').scrollIntoViewIfNeeded();
    await hydrated(page, '[data-island="item-actions"]');
    const like = page.locator('.like-button');
    expect(await like.locator('.like-count').textContent()).toBe('24 Likes');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.locator('.like-count').textContent()).toBe('25 Likes');

    // The owner approves it in /config#/comments.
    await signInOwnerByApi(context, server.url);
    await page.goto(`${server.url}/config#/comments`);
    const item = page.locator('.cm-item', { hasText: 'A lovely read' });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => page.locator('.cm-message').textContent())
      .toBe('Approved the comment by E2E Reader. It is on the page now.');

    await page.goto(`${server.url}${POST}`);
    expect(await heading.textContent()).toBe('4 Comments');
    expect(await page.locator('.comment-list').textContent()).toContain(
      'A lovely read, thank you from the e2e test.',
    );
    // The like was kept (the server's row; this browser remembers it too).
    await page.locator('[data-island="item-actions"]').scrollIntoViewIfNeeded();
    await hydrated(page, '[data-island="item-actions"]');
    expect(await page.locator('.like-button .like-count').textContent()).toBe('25 Likes');
    expect(await page.locator('.like-button').getAttribute('aria-pressed')).toBe('true');

    expect(errors).toEqual([]);
    expect(failed.filter((f) => !f.endsWith('/favicon.ico'))).toEqual([]);
    await context.close();
  });
});
