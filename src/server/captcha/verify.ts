import type { AppDeps } from '../deps.js';
import type { Site } from '../sites/site-queries.js';
import { pruneUsedChallenges, verifyAltcha } from './altcha.js';
import {
  verifyRecaptcha,
  verifyRecaptchaEnterprise,
  verifyTurnstile,
  type FetchLike,
} from './remote.js';
import { captchaSettingsOf } from './settings.js';

/** Where third-party verify calls go (tests point them at a loopback server). */
export interface CaptchaOptions {
  fetch?: FetchLike;
  urls?: { recaptcha?: string; recaptchaEnterprise?: string; turnstile?: string };
}

const optionsByDeps = new WeakMap<AppDeps, CaptchaOptions>();

/** Overrides the provider endpoints / fetch for one app (tests, outbound proxies). */
export function configureCaptcha(deps: AppDeps, options: CaptchaOptions): void {
  optionsByDeps.set(deps, options);
}

export interface CaptchaVerdict {
  ok: boolean;
  provider: string;
  reason?: string;
}

let verifications = 0;

/**
 * Checks a bot-check token with the website's provider (ALTCHA unless a reCAPTCHA / Turnstile
 * key pair is set). `action` is one of `CaptchaAction` (reCAPTCHA Enterprise checks it).
 * Never throws: a failure, including an unreachable provider, is `{ ok: false }`.
 */
export async function verifyCaptcha(
  deps: AppDeps,
  site: Pick<Site, 'id' | 'settings'>,
  token: string | undefined,
  action: string,
  extra: { remoteIp?: string } = {},
): Promise<CaptchaVerdict> {
  const settings = captchaSettingsOf(site);
  const provider = settings.provider;
  if (!token || token.length > 8192) return { ok: false, provider, reason: 'missing' };
  const options = optionsByDeps.get(deps) ?? {};
  const remote = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(extra.remoteIp ? { remoteIp: extra.remoteIp } : {}),
  };
  switch (provider) {
    case 'recaptcha': {
      const r = await verifyRecaptcha(settings.secretKey!, token, action, {
        ...remote,
        ...(options.urls?.recaptcha ? { url: options.urls.recaptcha } : {}),
      });
      return { ok: r.ok, provider, ...(r.reason ? { reason: r.reason } : {}) };
    }
    case 'recaptcha-enterprise': {
      const r = await verifyRecaptchaEnterprise(
        settings.secretKey!,
        settings.siteKey!,
        token,
        action,
        {
          ...remote,
          ...(options.urls?.recaptchaEnterprise ? { url: options.urls.recaptchaEnterprise } : {}),
        },
      );
      return { ok: r.ok, provider, ...(r.reason ? { reason: r.reason } : {}) };
    }
    case 'turnstile': {
      const r = await verifyTurnstile(settings.secretKey!, token, action, {
        ...remote,
        ...(options.urls?.turnstile ? { url: options.urls.turnstile } : {}),
      });
      return { ok: r.ok, provider, ...(r.reason ? { reason: r.reason } : {}) };
    }
    default: {
      const now = deps.now();
      if (++verifications % 500 === 0) await pruneUsedChallenges(deps.db, now);
      const r = await verifyAltcha(deps.db, {
        secret: deps.config.secret,
        siteId: site.id,
        now,
        payload: token,
      });
      return r.ok ? { ok: true, provider } : { ok: false, provider, reason: r.reason };
    }
  }
}
