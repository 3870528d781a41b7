import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { stableId } from '../stable-id.js';
import { apiFetch, ApiError } from '../../lib/api.js';
import { Messages } from '../../../shared/errors.js';
import { restockFormTexts } from '../../../shared/restock/rules.js';
import { initialRestockFormState, restockFormReducer } from '../../../shared/restock/form-state.js';
import {
  RESTOCK_API,
  type RestockFormProps,
  type RestockSignUpRequest,
} from '../../../shared/restock/types.js';
import { Captcha, type CaptchaHandle } from '../forms/captcha/captcha.js';
import { CaptchaAction } from '../../../shared/forms/captcha.js';
import { captchaTexts } from '../../../shared/forms/captcha-texts.js';
import { Message } from '../use-message.js';

/** The message to show for a failed sign-up (SPEC 8.2): the server's, else the fallback. */
export function restockErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return Messages.TOO_MANY_REQUESTS;
    if (err.isNetworkError) return Messages.CHECK_CONNECTION;
    const body = err.body as { message?: unknown } | null;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  }
  return Messages.RESTOCK_FAILED;
}

/** The page's translation-widget language, when the page has one (SPEC 7). */
function translationLanguage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const w = window as unknown as { Weglot?: { getCurrentLang?: () => string } };
  const fromWidget = w.Weglot?.getCurrentLang?.();
  if (typeof fromWidget === 'string' && fromWidget) return fromWidget.slice(0, 35);
  const marked = document.documentElement.getAttribute('data-translation-language');
  return marked ? marked.slice(0, 35) : undefined;
}

/**
 * The back-in-stock sign-up (island `restock-form`, SPEC 3.4, 4.5, 5.4, 8.2): an email field, the
 * optional mailing-list checkbox and the website's bot check. Success replaces the form with the
 * site's text or 'Signed up!'. A different `variantId` (the visitor chose another sold-out
 * variant) resets it.
 */
export default function RestockForm(props: RestockFormProps) {
  const texts = restockFormTexts(props.messages);
  const [state, dispatch] = useReducer(restockFormReducer, undefined, () =>
    initialRestockFormState(props.variantId, props.mailingListOptInByDefault),
  );
  // Adjusting state while rendering (not in an effect) so the old variant's result never shows.
  if (state.variantId !== props.variantId) {
    dispatch({
      type: 'variant',
      variantId: props.variantId,
      optInByDefault: props.mailingListOptInByDefault,
    });
  }
  // Until hydrated the button stays disabled: a native submit would put the address in a URL.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);
  const captcha = useRef<CaptchaHandle | null>(null);
  // From the product, not useId (stable-id.ts): the same on the server and after hydration.
  const ids = stableId('rs', props.itemId);
  const emailId = `${ids}-email`;
  const ctaId = `${ids}-cta`;
  const errorId = `${ids}-error`;

  const onSubmit = useCallback(
    async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const next = restockFormReducer(state, { type: 'submit' });
      dispatch({ type: 'submit' });
      if (next.status !== 'submitting') return;
      try {
        const captchaToken = captcha.current ? await captcha.current.token() : undefined;
        if (captcha.current && !captchaToken) {
          dispatch({ type: 'failure', message: Messages.CAPTCHA_REQUIRED });
          return;
        }
        const lang = translationLanguage();
        const body: RestockSignUpRequest = {
          isJoinMailingList: props.mailingListSignUpEnabled && next.joinMailingList,
          productId: props.itemId,
          variantId: next.variantId,
          siteVisitorEmail: next.email.trim(),
          ...(captchaToken ? { captchaToken } : {}),
          ...(lang ? { translationLanguage: lang } : {}),
        };
        await apiFetch(RESTOCK_API.signUp, { method: 'POST', json: body });
        dispatch({ type: 'success' });
      } catch (err) {
        dispatch({ type: 'failure', message: restockErrorMessage(err) });
        // A bot-check token works once: get a fresh one for the next try.
        captcha.current?.reset();
      }
    },
    [state, props.itemId, props.mailingListSignUpEnabled],
  );

  const submitting = state.status === 'submitting';
  return (
    <div className="rs-restock" data-variant-id={props.variantId}>
      <div className="rs-status" aria-live="polite" role="status">
        {state.status === 'success' ? (
          <p className="rs-success">
            <Message text={texts.successText} />
          </p>
        ) : null}
      </div>
      {state.status === 'success' ? null : (
        <form
          className="rs-form"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
          aria-busy={submitting}
        >
          <p className="rs-cta" id={ctaId}>
            {texts.CTAText}
          </p>
          <label className="rs-sr" htmlFor={emailId}>
            {texts.placeholderText}
          </label>
          <input
            id={emailId}
            className="rs-email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={256}
            placeholder={texts.placeholderText}
            value={state.email}
            onChange={(e) => dispatch({ type: 'email', value: e.target.value })}
            aria-describedby={state.error ? `${ctaId} ${errorId}` : ctaId}
            aria-invalid={state.emailInvalid || undefined}
            readOnly={submitting}
          />
          {props.mailingListSignUpEnabled ? (
            <label className="rs-list">
              <input
                type="checkbox"
                name="isJoinMailingList"
                checked={state.joinMailingList}
                onChange={(e) => dispatch({ type: 'mailing-list', value: e.target.checked })}
              />{' '}
              {texts.mailingListDescription}
            </label>
          ) : null}
          <Captcha
            ref={captcha}
            settings={{ enabled: true, ...props.captcha }}
            action={CaptchaAction.PRODUCT_WAITLIST_SUBMISSION}
            errorId={`${ids}-captcha-error`}
            texts={captchaTexts(props.locale)}
          />
          <button className="rs-submit" type="submit" disabled={submitting || !hydrated}>
            {texts.buttonText}
          </button>
          <p className="rs-error" id={errorId} aria-live="assertive">
            <Message text={state.error} />
          </p>
        </form>
      )}
    </div>
  );
}
