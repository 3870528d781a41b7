import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PageDoc, PageListResponse } from '../src/shared/content/page-api.js';
import { newPage, pageFetch } from './browser.js';
import { useServerAndBrowser } from './harness.js';
import type { RunningServer } from './server.js';

const SHOTS = process.env.TEAM_SHOTS_DIR;
const EDITOR = 'new.editor@demo.test';
const EDITOR_PASSWORD = 'editor-password-1';
const HEADING = 'Edited by the new editor';

async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/config`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/config$/);
}

function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { accept: 'application/json' } });
    return (await res.json()) as unknown;
  }, path) as Promise<T>;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}

describe('team: invite an editor who joins, edits a page and cannot open settings', () => {
  let server: RunningServer;
  let browser: Browser;
  useServerAndBrowser((s, b) => ([server, browser] = [s, b]));

  it(
    'the mailed link lets the editor join; the editor edits a page; settings stay closed',
    { timeout: 240_000 },
    async () => {
      // --- The demo owner invites an editor from the Team screen ---
      const owner = await newPage(browser, { viewport: { width: 1440, height: 1000 } });
      await signIn(owner.page, server.url, 'owner@demo.test', 'demo-password');
      await owner.page.goto(`${server.url}/config#/team`);
      await owner.page.locator('#invite-email').waitFor();
      await owner.page.fill('#invite-email', EDITOR);
      await owner.page.selectOption('#invite-role', { label: 'Editor' });
      await owner.page.getByRole('button', { name: 'Send invite' }).click();
      await expect
        .poll(() => owner.page.locator('.ed-team-note').textContent(), { timeout: 15_000 })
        .toBe(`Invite sent to ${EDITOR}.`);
      await expect.poll(() => owner.page.locator('text=Pending invites').count()).toBe(1);
      await owner.page.locator(`.ed-team-row:has-text("${EDITOR}") >> text=Pending`).waitFor();
      await shoot(owner.page, 'team');

      // --- The invite is in the outbox; its link opens the invite page ---
      const outbox = await getJson<{ items: { kind: string; to: string; text: string }[] }>(
        owner.page,
        '/api/mail/outbox?pageSize=50',
      );
      const mail = outbox.items.find((m) => m.kind === 'team-invite' && m.to === EDITOR);
      expect(mail, 'the invite mail is in the outbox').toBeDefined();
      const link = /https?:\/\/\S+\/config\/invite\?token=\S+/.exec(mail!.text)![0];
      const { pathname, search } = new URL(link);

      const editor = await newPage(browser, { viewport: { width: 1440, height: 1000 } });
      await editor.page.goto(`${server.url}${pathname}${search}`);
      await expect.poll(() => editor.page.locator('h1').textContent()).toMatch(/^Join /);
      expect(await editor.page.locator('.summary').textContent()).toContain('editor');
      await shoot(editor.page, 'invite');
      await editor.page.fill('#password', EDITOR_PASSWORD);
      await editor.page.getByRole('button', { name: 'Accept and join' }).click();
      await expect.poll(() => editor.page.locator('h1').textContent()).toMatch(/^You have joined/);

      // --- Signs in with the new password ---
      expect(await editor.page.inputValue('#email')).toBe(EDITOR);
      await editor.page.fill('#password', EDITOR_PASSWORD);
      await editor.page.click('button[type=submit]');
      await editor.page.waitForURL(/\/config$/);
      await editor.page.locator('.ed-nav').waitFor();
      const nav = await editor.page.locator('.ed-nav a').allTextContents();
      expect(nav).toContain('Pages');
      for (const hidden of ['Settings', 'Design', 'Team', 'Orders', 'Audit log'])
        expect(nav).not.toContain(hidden);

      // --- A direct URL to Settings says so plainly ---
      await editor.page.goto(`${server.url}/config#/settings`);
      await expect
        .poll(() => editor.page.locator('main h1').textContent())
        .toBe('You don’t have access');
      const settings = await pageFetch(editor.page, 'PUT', '/api/website/settings', {
        settings: {},
        version: 1,
      });
      expect(settings.status).toBe(403);

      // --- Edits the home page in the page builder and publishes it ---
      const list = await getJson<PageListResponse>(editor.page, '/api/content/pages');
      const home = await getJson<PageDoc | { page: PageDoc }>(
        editor.page,
        `/api/content/pages/${list.homeId}`,
      );
      const doc = 'page' in home ? home.page : home;
      const blocks = doc.sections.flatMap((s) => s.blocks);
      const heading =
        blocks.find((b) => b.type === 3) ??
        blocks.find((b) => b.type === 2 && 'html' in b && String(b.html).includes('<h1'));
      expect(heading).toBeDefined();
      await editor.page.goto(`${server.url}/config#/pages/${encodeURIComponent(doc.id)}/edit`);
      const frame = editor.page.frameLocator('iframe.bd-frame');
      const previewHeading = frame.locator(`[data-block-id="${heading!.id}"]`);
      await previewHeading.waitFor();
      await previewHeading.click();
      if (heading!.type === 3) {
        await editor.page.getByLabel('Heading text', { exact: true }).fill(HEADING);
      } else {
        const h1 = editor.page.locator('.ed-rte-content h1');
        await h1.click({ clickCount: 3 });
        await editor.page.keyboard.type(HEADING);
      }
      await expect.poll(() => previewHeading.innerText(), { timeout: 10_000 }).toContain(HEADING);
      await expect
        .poll(() => editor.page.locator('.bd-save').textContent(), { timeout: 15_000 })
        .toBe('Saved');
      await editor.page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect
        .poll(() => editor.page.locator('.bd-publish').textContent(), { timeout: 15_000 })
        .toBe('✓ Published');

      // --- The owner sees all of it in the team and the audit log ---
      await owner.page.goto(`${server.url}/config#/team`);
      await owner.page
        .locator(`.ed-team-row:has-text("${EDITOR}") >> text=Editor`)
        .first()
        .waitFor();
      await owner.page.goto(`${server.url}/config#/audit-log`);
      const log = owner.page.locator('.ed-audit-list');
      await log.waitFor();
      await expect.poll(() => log.innerText()).toContain(`Joined the team ${EDITOR}`);
      const text = await log.innerText();
      expect(text).toContain(`Invited ${EDITOR}`);
      expect(text).toMatch(new RegExp(`Published the page [^\\n]+\\n+by ${EDITOR}`));
      await shoot(owner.page, 'audit-log');
      await editor.page.goto(`${server.url}/config#/`);
      await editor.page.locator('main h1').waitFor();
      await shoot(editor.page, 'editor-home');
      expect(owner.errors).toEqual([]);
      expect(editor.errors).toEqual([]);
    },
  );
});
