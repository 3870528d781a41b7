import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Messages } from '../../../shared/errors.js';
import { CaptchaAction } from '../../../shared/forms/captcha.js';
import { collectValues, type RawFieldState } from '../../../shared/forms/values.js';
import {
  CAPTCHA_ERROR_KEY,
  validateCaptcha,
  validateValues,
  type FieldErrors,
} from '../../../shared/forms/validate.js';
import { HONEYPOT_FIELD, type FormBlockProps } from '../../../shared/forms/types.js';
import { Captcha, type CaptchaHandle } from './captcha/captcha.js';
import { Field, errorId } from './fields.js';
import { formTexts } from '../../../shared/forms/form-texts.js';
import { Message } from '../use-message.js';
import { injectWithScripts, submitForm } from './submit.js';
import { earlyValues, formDataReader } from './early-values.js';

declare module '../../lib/events.js' {
  interface PageEvents {
    /** A contact or newsletter form was stored (SPEC 4.6). */
    'form:submitSuccess': { formId: string; kind: string };
    /** A newsletter sign-up: a lead for analytics (SPEC 4.6). */
    'analytics:lead': { formId: string; formName: string };
  }
}

type Phase = 'idle' | 'submitting' | 'done';

/**
 * A contact-style form (SPEC 3.6 / 4.6 / 5.6 / 8.4): every field type, client validation with the
 * character counter, then key → SaveFormSubmission; errors at each field with banners above and
 * below (not for newsletters); on success the lead / submitSuccess events, then the redirect or
 * the submission message with the post-submit HTML (its scripts run).
 */
export function FormView(props: FormIslandProps & { variant?: 'form' | 'newsletter' }) {
  const { form, pageContext } = props;
  const texts = formTexts(props.locale);
  const newsletter = (props.variant ?? form.kind) === 'newsletter';
  // Each island is its own React root, so useId alone repeats across the forms of one page (the
  // contact and newsletter forms both got 'f_R_0_-email', and a label pointed at the other
  // form's field): the form's id keeps them apart.
  const idBase = `f-${form.id}${useId()}`.replace(/[^a-zA-Z0-9_-]/g, '');
  // Hydration starts from what was typed into the server's form before it (issue 14).
  const [values, setValues] = useState<Record<string, RawFieldState>>(
    () => props.earlyValues ?? {},
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [success, setSuccess] = useState<{ message: string; post?: string } | null>(null);
  // SPEC 4.6: after a failure a bound captcha is reset, and submit waits until it is solved again.
  const [awaitingCaptcha, setAwaitingCaptcha] = useState(false);
  const busy = useRef(false);
  const captcha = useRef<CaptchaHandle | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const postRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by every refused submit: once its errors are drawn, focus moves to the first one.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstError(formRef.current);
  }, [refusals]);

  useEffect(() => {
    if (success?.post && postRef.current) injectWithScripts(postRef.current, success.post);
  }, [success]);

  const hasErrors = Object.keys(errors).length > 0 || message !== '';
  const banner = hasErrors && !newsletter;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy.current || awaitingCaptcha) return; // repeat submits are ignored
    busy.current = true;
    const fieldValues = collectValues(form.fields, values, window.location.search);
    const found = validateValues(form.fields, fieldValues);
    let captchaKey: string | undefined;
    if (form.captcha.enabled && Object.keys(found).length === 0) {
      setPhase('submitting');
      captchaKey = await captcha.current?.token();
      const captchaError = validateCaptcha(true, captchaKey);
      if (captchaError) found[CAPTCHA_ERROR_KEY] = captchaError;
    }
    if (Object.keys(found).length) {
      setErrors(found);
      setRefusals((n) => n + 1);
      setMessage('');
      setPhase('idle');
      busy.current = false;
      return;
    }
    setErrors({});
    setMessage('');
    setPhase('submitting');
    const outcome = await submitForm({
      formId: form.id,
      values: fieldValues,
      captchaKey,
      pageContext: {
        pagePath: window.location.pathname,
        pageTitle: document.title,
        ...pageContext,
      },
      honeypot: honeypot.current?.value ?? '',
    });
    busy.current = false;
    if (!outcome.ok) {
      setErrors(outcome.fieldErrors);
      setRefusals((n) => n + 1);
      setMessage(outcome.message);
      setPhase('idle');
      captcha.current?.reset();
      if (captcha.current?.bound) setAwaitingCaptcha(true);
      return;
    }
    if (newsletter) {
      document.dispatchEvent(
        new CustomEvent('analytics:lead', { detail: { formId: form.id, formName: form.name } }),
      );
    }
    document.dispatchEvent(
      new CustomEvent('form:submitSuccess', { detail: { formId: form.id, kind: form.kind } }),
    );
    const redirect = outcome.result.redirect;
    if (redirect && /^(https?:\/\/|\/)/i.test(redirect)) {
      window.location.assign(redirect);
      return;
    }
    setPhase('done');
    setSuccess({
      message: outcome.result.submissionMessage ?? '',
      ...(outcome.result.postSubmitHtml ? { post: outcome.result.postSubmitHtml } : {}),
    });
  }

  if (phase === 'done' && success) {
    return (
      <div
        className="form-block"
        data-form-id={form.id}
        data-kind={form.kind}
        data-state="submitted"
      >
        {/* Owner-authored HTML (the site's own content), not visitor input. */}
        <div
          className="form-submission-message"
          role="status"
          dangerouslySetInnerHTML={{ __html: success.message }}
        />
        <div className="form-post-submit" ref={postRef} />
      </div>
    );
  }

  const submitting = phase === 'submitting';
  return (
    <div className="form-block" data-form-id={form.id} data-kind={form.kind}>
      <form
        ref={formRef}
        data-form-id={form.id}
        noValidate
        aria-busy={submitting ? true : undefined}
        aria-label={form.name}
        onSubmit={(e) => void onSubmit(e)}
      >
        {banner && (
          <p className="form-banner form-banner-top" role="alert">
            <Message text={Messages.FORM_BANNER_ABOVE} />
          </p>
        )}
        {form.fields.map((field) => (
          <Field
            key={field.id}
            field={field}
            idBase={idBase}
            value={values[field.id]}
            error={errors[field.id]}
            onChange={(v) => setValues((old) => ({ ...old, [field.id]: v }))}
            texts={texts}
          />
        ))}
        <div className="form-hp" aria-hidden="true">
          <label htmlFor={`${idBase}-${HONEYPOT_FIELD}`}>{texts.honeypot}</label>
          <input
            ref={honeypot}
            id={`${idBase}-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {form.captcha.enabled && (
          <Captcha
            ref={captcha}
            settings={form.captcha}
            action={
              newsletter
                ? CaptchaAction.NEWSLETTER_BLOCK_SUBMISSION
                : CaptchaAction.FORM_BLOCK_SUBMISSION
            }
            error={errors[CAPTCHA_ERROR_KEY]}
            errorId={errorId(idBase, CAPTCHA_ERROR_KEY)}
            texts={texts}
            onSolvedChange={(solved) => {
              if (solved) setAwaitingCaptcha(false);
            }}
          />
        )}
        {form.disclaimer && (
          // Owner-authored HTML.
          <div className="form-disclaimer" dangerouslySetInnerHTML={{ __html: form.disclaimer }} />
        )}
        {message && (
          <p className="form-message form-field-error" role="alert">
            <Message text={message} />
          </p>
        )}
        <button
          className="form-submit"
          type="submit"
          disabled={awaitingCaptcha}
          aria-disabled={submitting ? true : undefined}
        >
          {submitting ? texts.submitting : form.submitLabel || texts.submit}
        </button>
        {banner && (
          <p className="form-banner form-banner-bottom" role="alert">
            <Message text={Messages.FORM_BANNER_BELOW} />
          </p>
        )}
      </form>
    </div>
  );
}

/** The island's props: the server's, plus what the loader found typed before hydration. */
export type FormIslandProps = FormBlockProps & { earlyValues?: Record<string, RawFieldState> };

/**
 * Before hydrating (hydrate-island.ts): reads what the visitor already typed or chose in the
 * server-rendered form into `earlyValues`, the first state, so hydration keeps it instead of
 * writing empty values over it (issue 14). Shared by the newsletter island.
 */
export function prepare(props: FormIslandProps, el: HTMLElement): Promise<void> {
  const formEl = el.querySelector('form');
  if (formEl) {
    const early = earlyValues(props.form.fields, formDataReader(formEl));
    if (Object.keys(early).length) props.earlyValues = early;
  }
  return Promise.resolve();
}

/** The `form-block` island. */
export default function FormBlock(props: FormIslandProps) {
  return <FormView {...props} variant={props.form.kind === 'newsletter' ? 'newsletter' : 'form'} />;
}

/**
 * After a refused submit: the first field in error (its first control, for a group such as
 * checkboxes or an address), else the form's message, so keyboard and screen-reader users land
 * on what to fix.
 */
function focusFirstError(form: HTMLFormElement | null): void {
  if (!form) return;
  const controls = 'input:not([type=hidden]),select,textarea';
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target =
    (invalid?.matches(controls) ? invalid : invalid?.querySelector<HTMLElement>(controls)) ??
    form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  if (!target.matches(controls)) target.tabIndex = -1;
  target.focus();
}
