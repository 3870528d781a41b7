import type { BrowserContext } from 'playwright-core';
import { everyFieldType } from '../src/server/forms/every-field-fixture.js';
import type { FormSaveInput, OwnerFormJson } from '../src/shared/forms/owner-api.js';
import type { PageDoc, PageSummary } from '../src/shared/content/page-api.js';
import type { Stop } from './storefront-tour.js';
import { crumbOf, signInOwnerByApi } from './owner.js';

/** Where addEveryFieldPage puts its page (not in the navigation). */
export const EVERY_FIELD_PATH = '/every-field-form';

/**
 * Issue 14: the demo contact form asks what a real shop asks, so tests that need a form block
 * with one field of every SPEC 3.6 type on a page add one here, as an owner would: the form
 * (POST /api/forms, bot check on, as the contact form) and a published page at
 * EVERY_FIELD_PATH showing it, hidden from the navigation. Signs `context` in as the demo
 * owner and leaves it signed in. Returns the form's id; on a server that has the page already
 * (A11Y_URL), the form it shows.
 */
export async function addEveryFieldPage(context: BrowserContext, origin: string): Promise<string> {
  await signInOwnerByApi(context, origin);
  const crumb = async () => decodeURIComponent(await crumbOf(context, origin));
  const call = async <T>(method: 'POST' | 'PUT' | 'GET', path: string, data?: unknown) => {
    const res = await context.request.fetch(`${origin}${path}`, {
      method,
      ...(data === undefined ? {} : { data: data as Record<string, unknown> }),
      headers: { 'x-csrf-token': await crumb() },
      failOnStatusCode: false,
    });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { pages } = await call<{ pages: PageSummary[] }>('GET', '/api/content/pages');
  const had = pages.find((p) => p.url === EVERY_FIELD_PATH);
  if (had) {
    const { page } = await call<{ page: PageDoc }>('GET', `/api/content/pages/${had.id}`);
    const block = page.sections.flatMap((s) => s.blocks).find((b) => b.type === 9);
    if (block?.type === 9) return block.formId;
  }
  const input: FormSaveInput = {
    name: 'Every field',
    kind: 'form',
    fields: everyFieldType(),
    submissionMessage: '<p>Thank you! We will get back to you soon.</p>',
    disclaimer: '<p>We only use your details to answer your message.</p>',
    submitLabel: 'Send',
    captchaEnabled: true,
  };
  const form = await call<OwnerFormJson>('POST', '/api/forms', input);
  const created = await call<{ page: PageDoc }>('POST', '/api/content/pages', {
    kind: 'page',
    title: 'Every field',
    slug: EVERY_FIELD_PATH.slice(1),
  });
  const { title, slug, seo, navigation, version } = created.page;
  await call('PUT', `/api/content/pages/${created.page.id}`, {
    title,
    slug,
    seo,
    status: 'published',
    navigation: { ...navigation, visible: false },
    sections: [
      {
        id: 's1',
        layout: 'default',
        tone: 'light',
        blocks: [{ id: 'b1', type: 9, formId: form.id }],
      },
    ],
    version,
    publish: true,
  });
  return form.id;
}

/**
 * The every-type form's stops for the accessibility tour: the form as it loads, and sent empty
 * (every field's error state, the banners), as the contact page was checked before issue 14.
 */
export const everyFieldStops: Stop[] = [
  { name: 'every-field-form', title: 'Every field type', url: EVERY_FIELD_PATH, status: 200 },
  {
    name: 'every-field-form-errors',
    title: 'Every field type sent empty: its errors',
    url: EVERY_FIELD_PATH,
    status: 200,
    act: async (page) => {
      await page.waitForSelector('[data-island="form-block"][data-hydrated="true"]');
      await page.locator('[data-island="form-block"] button[type="submit"]').first().click();
      await page.locator('[data-island="form-block"] [aria-invalid="true"]').first().waitFor();
    },
  },
];
