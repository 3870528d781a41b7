import type { APIResponse, BrowserContext } from 'playwright-core';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';

/**
 * A visitor's (or the owner's) requests in one browser context, through Playwright's request
 * API: the context's cookies (cart, crumb, session) go along and come back, the crumb is sent
 * as X-CSRF-Token as the islands send it. Fast: no page is involved.
 */
export class Api {
  constructor(
    readonly context: BrowserContext,
    readonly base: string,
  ) {}

  /** A first page view gives the context its crumb cookie. */
  async start(): Promise<this> {
    const res = await this.context.request.get(`${this.base}/`);
    if (res.status() !== 200) throw new Error(`GET / answered ${res.status()}`);
    return this;
  }

  async crumb(): Promise<string> {
    const c = (await this.context.cookies(this.base)).find((k) => k.name === 'crumb');
    return c ? decodeURIComponent(c.value) : '';
  }

  async post(
    path: string,
    data: unknown,
    headers: Record<string, string> = {},
  ): Promise<APIResponse> {
    return this.context.request.post(`${this.base}${path}`, {
      data: data as Record<string, unknown>,
      headers: { 'x-csrf-token': await this.crumb(), ...headers },
      failOnStatusCode: false,
    });
  }

  async form(path: string, form: Record<string, string>): Promise<APIResponse> {
    return this.context.request.post(`${this.base}${path}`, {
      form: { crumb: await this.crumb(), ...form },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
  }

  async get(path: string): Promise<APIResponse> {
    return this.context.request.get(`${this.base}${path}`, {
      failOnStatusCode: false,
      maxRedirects: 0,
    });
  }

  /** Solves the website's ALTCHA proof of work (as the form island does) → the captcha field. */
  async altcha(): Promise<string> {
    const challenge = (await (await this.get('/api/captcha/altcha/challenge')).json()) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('ALTCHA challenge not solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  /** POST /api/form/SaveFormSubmission with a fresh key (and bot check when asked). */
  async submitForm(
    formId: string,
    values: Record<string, unknown>,
    opts: { captcha?: boolean; pagePath?: string; pageTitle?: string } = {},
  ): Promise<APIResponse> {
    const keyRes = await this.post('/api/form/FormSubmissionKey', {});
    const key = ((await keyRes.json()) as { data: { key: string } }).data.key;
    return this.post('/api/form/SaveFormSubmission', {
      key,
      formId,
      form: JSON.stringify(values),
      ...(opts.captcha ? { captchaKey: await this.altcha() } : {}),
      pagePath: opts.pagePath ?? '/contact',
      pageTitle: opts.pageTitle ?? 'Contact',
      contentSource: 'c',
    });
  }
}

/** Signs the context in as the demo owner (JSON login, as the dashboard's script does). */
export async function signInOwner(api: Api): Promise<void> {
  const res = await api.post('/api/auth/login', {
    email: 'owner@demo.test',
    password: 'demo-password',
  });
  if (res.status() !== 200) throw new Error(`owner sign-in answered ${res.status()}`);
}
