import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';
import { signInOwner } from './owner.js';

const FOLDER = 'E2E Folder';
const TITLE = 'E2E Story';
const RENAMED = 'E2E Our Story';
const PASSWORD = 'open-sesame';

/** Saves go through the server and back before the screen shows them: a loaded machine needs seconds. */
const poll = <T>(f: () => T | Promise<T>) => expect.poll(f, { timeout: 15_000 });

interface NavLink {
  title: string;
  fullUrl: string;
  folder?: boolean;
  children?: NavLink[];
}

/** What a visitor's header lists: the home page's context, as the theme gets it. */
async function liveNavigation(server: RunningServer): Promise<NavLink[]> {
  const res = await fetch(`${server.url}/?format=json`);
  const ctx = (await res.json()) as { navigation?: NavLink[] };
  return ctx.navigation ?? [];
}

/** A visitor's GET, redirects not followed. */
const visit = (server: RunningServer, path: string) =>
  fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('the Pages screen at /config#/pages', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it(
    'creates a page, renames it, moves it into a folder by keyboard and out by drag, hides it, protects it and deletes it',
    { timeout: 150_000 },
    async () => {
      const { page, errors, failed } = await newPage(browser, {
        viewport: { width: 1440, height: 1000 },
      });
      await signInOwner(page, server.url, '/config#/pages');
      await page.goto(`${server.url}/config#/pages`);
      await poll(() => page.locator('h1').textContent()).toBe('Pages');
      await page.getByRole('heading', { name: 'Main navigation' }).waitFor();
      const row = (title: string) => page.locator('.pg-row', { hasText: title });

      // --- add a folder and a page; the slug is suggested from the title ---
      for (const [kind, title] of [
        ['Folder', FOLDER],
        ['Page', TITLE],
      ] as const) {
        await page.getByRole('button', { name: 'Add page' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add a page' });
        await dialog.getByRole('radio', { name: new RegExp(`^${kind}`) }).check();
        await dialog.getByLabel('Title', { exact: true }).fill(title);
        expect(await dialog.getByLabel('URL slug').inputValue()).toBe(
          title.toLowerCase().replaceAll(' ', '-'),
        );
        await dialog.getByRole('button', { name: `Add ${kind.toLowerCase()}` }).click();
        await poll(() => row(title).count()).toBe(1);
      }
      // A new page is a draft until its first publish: visitors get a 404.
      expect(await row(TITLE).textContent()).toContain('Draft');
      expect((await visit(server, '/e2e-story')).status).toBe(404);

      // --- publish it from its settings, then rename it (title and URL): a redirect is made ---
      await page.getByRole('button', { name: `Settings for ${TITLE}` }).click();
      let settings = page.getByRole('dialog', { name: 'Page settings' });
      await settings.getByLabel('SEO description').fill('The story of the shop.');
      expect(await settings.locator('.pg-serp-desc').textContent()).toBe('The story of the shop.');
      await settings.getByRole('button', { name: 'Save and publish' }).click();
      await poll(() => row(TITLE).textContent()).not.toContain('Draft');
      expect((await visit(server, '/e2e-story')).status).toBe(200);

      await page.getByRole('button', { name: `Settings for ${TITLE}` }).click();
      settings = page.getByRole('dialog', { name: 'Page settings' });
      await settings.getByLabel('Title', { exact: true }).fill(RENAMED);
      await settings.getByLabel('URL slug').fill('e2e-our-story');
      expect(await settings.locator('#hint-slug').textContent()).toContain(
        'visitors to the old URL /e2e-story will be redirected to /e2e-our-story',
      );
      expect(await settings.locator('.pg-serp-title').textContent()).toContain(RENAMED);
      await settings.getByRole('button', { name: 'Save and publish' }).click();
      await poll(() => row(RENAMED).count()).toBe(1);
      const live = await visit(server, '/e2e-our-story');
      expect(live.status).toBe(200);
      expect(await live.text()).toContain(RENAMED);
      const moved = await visit(server, '/e2e-story');
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toMatch(/\/e2e-our-story$/);
      expect((await liveNavigation(server)).some((l) => l.title === RENAMED)).toBe(true);
      await poll(() => page.getByRole('region', { name: 'Redirects' }).textContent()).toContain(
        '/e2e-story',
      );

      // --- into the folder with the keyboard: ↑ from the grip until it sits in the folder ---
      const grip = page.getByRole('button', { name: `Reorder ${RENAMED}` });
      const inFolder = page.locator('.pg-children .pg-row', { hasText: RENAMED });
      await grip.focus();
      for (let i = 0; i < 8 && (await inFolder.count()) === 0; i++) {
        await page.keyboard.press('ArrowUp');
        await poll(() => page.locator('.pg-notice').textContent()).toMatch(/Moved|Already/);
      }
      expect(await page.locator('.pg-notice').textContent()).toContain(`in ${FOLDER}`);
      // Focus stayed on the moved page's grip.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        `Reorder ${RENAMED}`,
      );
      await poll(async () => {
        const folder = (await liveNavigation(server)).find((l) => l.title === FOLDER);
        return folder?.children?.map((c) => c.title) ?? [];
      }).toContain(RENAMED);

      // A folder that still holds pages cannot be deleted: the server's reason shows.
      await page.getByRole('button', { name: `More actions for ${FOLDER}` }).click();
      await page
        .getByRole('group', { name: `Actions for ${FOLDER}` })
        .getByRole('button', {
          name: 'Delete…',
        })
        .click();
      await page.getByRole('button', { name: `Delete ${FOLDER}` }).click();
      await poll(() =>
        page.getByRole('group', { name: `Actions for ${FOLDER}` }).textContent(),
      ).toContain('Move or delete the pages in this folder first.');
      await page.keyboard.press('Escape');

      // --- and out again by dragging its grip onto the top half of the Contact row ---
      const from = (await grip.boundingBox())!;
      const contact = (await row('Contact').boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 20, from.y - 10, { steps: 3 });
      await page.mouse.move(contact.x + 300, contact.y + contact.height * 0.25, { steps: 8 });
      await page.mouse.up();
      await poll(() => inFolder.count()).toBe(0);
      await poll(async () => {
        const titles = (await liveNavigation(server)).map((l) => l.title);
        return titles.indexOf(RENAMED) === titles.indexOf('Contact') - 1;
      }).toBe(true);

      // --- hide it from the navigation: "Not linked" keeps it live at its URL ---
      await page.getByRole('button', { name: `More actions for ${RENAMED}` }).click();
      await page.getByRole('button', { name: 'Move to Not linked' }).click();
      await poll(() =>
        page
          .getByRole('region', { name: 'Not linked' })
          .locator('.pg-row', { hasText: RENAMED })
          .count(),
      ).toBe(1);
      await poll(async () => JSON.stringify(await liveNavigation(server))).not.toContain(RENAMED);
      expect((await visit(server, '/e2e-our-story')).status).toBe(200);

      // --- a password: visitors get the lock screen, never the page ---
      await page.getByRole('button', { name: `Settings for ${RENAMED}` }).click();
      settings = page.getByRole('dialog', { name: 'Page settings' });
      await settings.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await settings.getByRole('button', { name: 'Set password' }).click();
      await poll(() => settings.locator('.pg-lock-state').textContent()).toContain(
        'This page is protected',
      );
      expect(await settings.getByLabel('New password').inputValue()).toBe('');
      await settings.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => row(RENAMED).getByText('Password protected').count()).toBe(1);
      await poll(async () => (await visit(server, '/e2e-our-story')).text()).toContain(
        'type="password"',
      );
      expect(await (await visit(server, '/e2e-our-story')).text()).not.toContain(
        'The story of the shop.',
      );

      // --- delete it: gone from the tree and from the site ---
      await page.getByRole('button', { name: `More actions for ${RENAMED}` }).click();
      await page
        .getByRole('group', { name: `Actions for ${RENAMED}` })
        .getByRole('button', {
          name: 'Delete…',
        })
        .click();
      await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
      await poll(() => row(RENAMED).count()).toBe(0);
      expect((await visit(server, '/e2e-our-story')).status).toBe(404);

      expect(errors).toEqual([]);
      // The one expected refusal: the non-empty folder's delete (409).
      expect(failed.filter((f) => !f.startsWith('409 /api/content/pages/'))).toEqual([]);
      await page.context().close();
    },
  );
});
