import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { DatabaseHandle } from '../db/database.js';
import type { Visitor } from '../testing/test-app.js';
import type { CaptchaSettings } from '../captcha/settings.js';
import { saveForm } from './form-queries.js';
import type { FormFieldDef } from '../../shared/forms/types.js';

/** A website row for tests (settings shaped like the demo's). */
export async function addTestSite(
  h: DatabaseHandle,
  id: string,
  slug: string,
  captcha: CaptchaSettings = { provider: 'altcha' },
  title = slug,
): Promise<void> {
  await h.db
    .insertInto('sites')
    .values({
      id,
      slug,
      domain: null,
      title,
      settings: JSON.stringify({
        websiteSettings: {
          timeZone: 'America/New_York',
          commentsEnabled: true,
          simpleLikingEnabled: true,
          shareButtonOptions: {},
          storeSettings: {
            multipleQuantityAllowedForServices: true,
            minimumOrderSubtotalCents: 0,
            currencyCode: 'USD',
          },
          captchaSettings: captcha,
        },
        navigation: [],
      }) as never,
    })
    .execute();
}

export const contactFields: FormFieldDef[] = [
  { id: 'name', type: 'name', label: 'Name', required: true },
  { id: 'email', type: 'email', label: 'Email', required: true },
  { id: 'message', type: 'textarea', label: 'Message', required: true, maxLength: 500 },
  { id: 'topic', type: 'select', label: 'Topic', options: ['Order', 'Other'] },
  { id: 'section', type: 'section', label: 'More' },
  { id: 'source', type: 'hidden', label: 'Source', value: 'web' },
];

export async function addTestForms(h: DatabaseHandle, siteId: string): Promise<void> {
  await saveForm(h.db, siteId, {
    id: 'form-contact',
    name: 'Contact <us>',
    fields: contactFields,
    submissionMessage: '<p>Thanks!</p>',
    postSubmitHtml: '<script>window.done = 1</script>',
  });
  await saveForm(h.db, siteId, {
    id: 'form-newsletter',
    name: 'Newsletter',
    kind: 'newsletter',
    fields: [
      { id: 'email', type: 'email', label: 'Email', required: true },
      { id: 'name', type: 'name', label: 'Name' },
    ],
  });
  await saveForm(h.db, siteId, {
    id: 'form-bot',
    name: 'Guarded',
    fields: [{ id: 'email', type: 'email', label: 'Email', required: true }],
    captchaEnabled: true,
    successRedirect: '/thanks',
  });
}

export const goodContact = {
  name: ['Ada', 'Lovelace'],
  email: 'ada@example.com',
  message: 'Hello <b>there</b> & "friends"',
  topic: 'Order',
};

/** Gets a key and submits, as the island does. */
export async function submit(
  v: Visitor,
  formId: string,
  form: unknown,
  extra: Record<string, unknown> = {},
) {
  const keyRes = await v.post('/api/form/FormSubmissionKey');
  const key = keyRes.json().data.key as string;
  return v.post('/api/form/SaveFormSubmission', {
    key,
    formId,
    form: typeof form === 'string' ? form : JSON.stringify(form),
    pagePath: '/contact',
    pageTitle: 'Contact',
    ...extra,
  });
}

/** Fetches and solves an ALTCHA challenge like the widget; returns the captchaKey payload. */
export async function solveAltcha(v: Visitor): Promise<string> {
  const challenge = (await v.get('/api/captcha/altcha/challenge')).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
