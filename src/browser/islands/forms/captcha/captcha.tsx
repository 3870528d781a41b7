import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CaptchaPublicSettings } from '../../../../shared/forms/types.js';
import type * as Providers from './providers.js';
import type { TurnstileApi } from './turnstile.js';
import {
  ENGLISH_CAPTCHA_TEXTS,
  type CaptchaTexts,
} from '../../../../shared/forms/captcha-texts.js';
import { Message } from '../../use-message.js';

/** What a form asks of its bot check. */
export interface CaptchaHandle {
  /** A fresh token for one submit (solves / executes when needed); undefined when not done. */
  token(): Promise<string | undefined>;
  /** After a failed submit: tokens are single-use, start over. */
  reset(): void;
  /**
   * A widget the visitor solves by hand (reCAPTCHA checkbox, Turnstile): after a reset, nothing
   * can be submitted until they solve it again (SPEC 4.6). ALTCHA and reCAPTCHA v3 make a fresh
   * token themselves at submit.
   */
  readonly bound: boolean;
}

type Status = 'idle' | 'working' | 'done' | 'error';

let providers: Promise<typeof Providers> | undefined;
/**
 * The solver and the widget loaders are their own chunk (providers.ts), fetched the first time a
 * form needs them; drawing the check needs none of it. A failed fetch is forgotten (next try
 * fetches again) and shows as a failed check, like a widget script that does not load.
 */
function loadProviders(): Promise<typeof Providers> {
  providers ??= import('./providers.js').catch((err: unknown) => {
    providers = undefined;
    throw err;
  });
  return providers;
}

/**
 * The website's bot check inside a form. ALTCHA (default) solves a small proof of work when the
 * visitor starts filling the form in (or at submit); reCAPTCHA Enterprise / v3 runs at submit
 * with the form's action; the reCAPTCHA checkbox and Turnstile render their widgets.
 */
export function Captcha(props: {
  settings: CaptchaPublicSettings;
  action: string;
  error?: string | undefined;
  errorId: string;
  ref?: Ref<CaptchaHandle | null>;
  /** A bound widget was solved (true) or its token expired or was reset (false). */
  onSolvedChange?: (solved: boolean) => void;
  /** Its status words in the site language (English by default). */
  texts?: CaptchaTexts;
}) {
  const t = props.texts ?? ENGLISH_CAPTCHA_TEXTS;
  const { settings, action } = props;
  const [status, setStatus] = useState<Status>('idle');
  const box = useRef<HTMLDivElement>(null);
  const pending = useRef<Promise<string | undefined> | undefined>(undefined);
  const widgetId = useRef<number | string | undefined>(undefined);

  const altcha = settings.provider === 'altcha';
  const enterprise = settings.provider === 'recaptcha-enterprise';
  const checkbox = settings.provider === 'recaptcha' || settings.provider === 'turnstile';
  // Read through a ref: the widget keeps the callbacks it was rendered with.
  const solvedChange = useRef(props.onSolvedChange);
  solvedChange.current = props.onSolvedChange;
  const widgetCallbacks = {
    callback: () => solvedChange.current?.(true),
    'expired-callback': () => solvedChange.current?.(false),
  };

  function startAltcha(): Promise<string | undefined> {
    pending.current ??= (async () => {
      setStatus('working');
      try {
        const token = await (await loadProviders()).solveAltcha();
        setStatus('done');
        return token;
      } catch {
        setStatus('error');
        pending.current = undefined;
        return undefined;
      }
    })();
    return pending.current;
  }

  // Begin solving as soon as the visitor focuses a field of this form, so submit is instant.
  useEffect(() => {
    if (!altcha) return;
    const form = box.current?.closest('form');
    if (!form) return;
    const onFocus = () => void startAltcha();
    form.addEventListener('focusin', onFocus, { once: true });
    return () => form.removeEventListener('focusin', onFocus);
  }, [altcha]);

  // Checkbox widgets (reCAPTCHA v2, Turnstile) render into the box once their script loads.
  useEffect(() => {
    if (!checkbox || !settings.siteKey || !box.current) return;
    const el = box.current;
    let cancelled = false;
    loadProviders()
      .then(async (p) => {
        const size = p.widgetSize(el.getBoundingClientRect().width);
        if (settings.provider === 'recaptcha') {
          const api = await p.loadRecaptcha({ enterprise: false });
          if (!cancelled) {
            widgetId.current = api.render(el, {
              sitekey: settings.siteKey,
              size,
              ...widgetCallbacks,
            });
          }
        } else {
          const api = await p.loadTurnstile();
          if (!cancelled) {
            widgetId.current = api.render(el, {
              sitekey: settings.siteKey,
              action,
              size: size === 'compact' ? 'compact' : 'normal',
              ...widgetCallbacks,
            });
          }
        }
      })
      .catch(() => setStatus('error'));
    return () => {
      cancelled = true;
    };
  }, [checkbox, settings.provider, settings.siteKey, action]);

  useImperativeHandle(props.ref, () => ({
    bound: checkbox,
    async token() {
      if (altcha) return startAltcha();
      if (enterprise) {
        try {
          const p = await loadProviders();
          const api = await p.loadRecaptcha({
            enterprise: true,
            ...(settings.siteKey ? { siteKey: settings.siteKey } : {}),
          });
          return await p.executeRecaptcha(api, settings.siteKey, action);
        } catch {
          setStatus('error');
          return undefined;
        }
      }
      if (settings.provider === 'recaptcha') {
        return window.grecaptcha?.getResponse(widgetId.current as number) || undefined;
      }
      const ts = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      return ts?.getResponse(widgetId.current as string) || undefined;
    },
    reset() {
      pending.current = undefined;
      setStatus('idle');
      if (checkbox) solvedChange.current?.(false);
      if (settings.provider === 'recaptcha') window.grecaptcha?.reset(widgetId.current as number);
      if (settings.provider === 'turnstile') {
        (window as unknown as { turnstile?: TurnstileApi }).turnstile?.reset(
          widgetId.current as string,
        );
      }
    },
  }));

  const label =
    status === 'working'
      ? t.captchaWorking
      : status === 'done'
        ? t.captchaDone
        : status === 'error'
          ? t.captchaFailed
          : t.captchaIdle;
  return (
    <div
      className="form-captcha"
      data-captcha-provider={settings.provider}
      data-captcha-status={status}
    >
      <div ref={box} className="form-captcha-widget">
        {altcha && (
          <p className="form-captcha-status" aria-live="polite">
            {label}
          </p>
        )}
      </div>
      {props.error && (
        <p className="form-field-error" id={props.errorId} role="alert">
          <Message text={props.error} />
        </p>
      )}
    </div>
  );
}
