import { useEffect, useRef, useState, type FormEvent } from 'react';
import { stableId } from '../stable-id.js';
import { apiFetch, ApiError } from '../../lib/api.js';
import { readCookie } from '../../lib/cookies.js';
import { SITE_USER_COOKIE } from '../../../shared/wire-names.js';
import { parseSiteUser } from '../../../shared/customers/api.js';
import { Captcha, type CaptchaHandle } from '../forms/captcha/captcha.js';
import { CaptchaAction } from '../../../shared/forms/captcha.js';
import {
  COMMENT_HONEYPOT,
  CommentsApi,
  type CommentFormProps,
  type PostCommentResponse,
} from '../../../shared/comments/api.js';
import {
  CommentLimits,
  validateComment,
  type CommentField,
} from '../../../shared/comments/rules.js';
import { Message } from '../use-message.js';

type Status = 'idle' | 'sending' | 'pending' | 'approved';
type Errors = Partial<Record<CommentField | 'form', string>>;

/**
 * The comment form under an item (docs/comments.md). Server-rendered, hydrated when it nears the
 * screen. Reply links in the server-rendered list (`[data-reply-to]`) point here; once hydrated a
 * click makes the next comment a reply to that one (one level deep). The shared rules check the
 * fields before sending; the server checks them again.
 */
export default function CommentForm(props: CommentFormProps) {
  const { texts } = props;
  // From the item, not useId (stable-id.ts): the same on the server and after hydration.
  const ids = stableId('cf', props.itemId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [body, setBody] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [reply, setReply] = useState<{ id: string; name: string } | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<Errors>({});
  const [hydrated, setHydrated] = useState(false);
  /** Issue 14: a signed-in customer (SPEC 3.8 cookie) comments without name and email. */
  const [member, setMember] = useState(false);
  const captcha = useRef<CaptchaHandle | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setHydrated(true);
    setMember(parseSiteUser(readCookie(SITE_USER_COOKIE)) !== null);
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('[data-reply-to]');
      if (!link) return;
      e.preventDefault();
      setReply({
        id: link.getAttribute('data-reply-to') ?? '',
        name: link.getAttribute('data-reply-name') ?? '',
      });
      formRef.current?.scrollIntoView({ block: 'center' });
      bodyRef.current?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'sending') return;
    const { fields } = validateComment({ name, email, body }, texts);
    if (member) {
      delete fields.name;
      delete fields.email;
    }
    if (Object.keys(fields).length) {
      setErrors(fields);
      const first = (['name', 'email', 'body'] as const).find((f) => fields[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus('sending');
    try {
      const captchaToken = captcha.current ? await captcha.current.token() : undefined;
      const res = await apiFetch<PostCommentResponse>(CommentsApi.itemComments(props.itemId), {
        method: 'POST',
        json: {
          name,
          email,
          body,
          ...(reply ? { parentId: reply.id } : {}),
          ...(captchaToken ? { captchaToken } : {}),
          ...(honeypot ? { [COMMENT_HONEYPOT]: honeypot } : {}),
        },
      });
      setStatus(res.status);
      setBody('');
      setReply(null);
    } catch (err) {
      captcha.current?.reset();
      setStatus('idle');
      const fields = err instanceof ApiError ? fieldsOf(err.body) : undefined;
      setErrors(fields ?? { form: err instanceof ApiError ? err.message : texts.failed });
    }
  }

  const id = (f: string) => `${ids}-${f}`;
  const described = (f: CommentField) => (errors[f] ? id(`${f}-error`) : undefined);
  const done = status === 'pending' || status === 'approved';
  return (
    <div className="comment-form-wrap">
      <div role="status" aria-live="polite" className="comment-status">
        {done ? (
          <p className="comment-thanks">
            {status === 'pending' ? texts.awaitingApproval : texts.published}
          </p>
        ) : null}
      </div>
      {done ? null : (
        <form
          ref={formRef}
          id="comment-form"
          className="comment-form"
          noValidate
          aria-labelledby={id('title')}
          aria-busy={status === 'sending'}
          onSubmit={(e) => void onSubmit(e)}
        >
          <h3 id={id('title')} className="comment-form-title">
            {reply ? texts.replyTo.replace('{name}', reply.name) : texts.leaveComment}
          </h3>
          {props.moderated ? <p className="field-hint">{texts.moderatedHint}</p> : null}
          {reply ? (
            <button type="button" className="button-link" onClick={() => setReply(null)}>
              {texts.cancelReply}
            </button>
          ) : null}
          {member ? null : (
            <div className="comment-fields">
              <p className="field">
                <label htmlFor={id('name')}>{texts.name}</label>
                <input
                  id={id('name')}
                  name="name"
                  autoComplete="name"
                  maxLength={CommentLimits.nameMax}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={described('name')}
                />
                {errors.name ? (
                  <span id={id('name-error')} className="field-error">
                    {errors.name}
                  </span>
                ) : null}
              </p>
              <p className="field">
                <label htmlFor={id('email')}>{texts.email}</label>
                <input
                  id={id('email')}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  maxLength={256}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={[id('email-hint'), described('email')]
                    .filter(Boolean)
                    .join(' ')}
                />
                <span id={id('email-hint')} className="field-hint">
                  {texts.emailHint}
                </span>
                {errors.email ? (
                  <span id={id('email-error')} className="field-error">
                    {errors.email}
                  </span>
                ) : null}
              </p>
            </div>
          )}
          <p className="field">
            <label htmlFor={id('body')}>{texts.comment}</label>
            <textarea
              ref={bodyRef}
              id={id('body')}
              name="body"
              rows={5}
              maxLength={CommentLimits.bodyMax}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={described('body')}
            />
            {errors.body ? (
              <span id={id('body-error')} className="field-error">
                {errors.body}
              </span>
            ) : null}
            {errors.parentId ? <span className="field-error">{errors.parentId}</span> : null}
          </p>
          {/* Hidden from people and screen readers; bots that fill every field fill this too. */}
          <p className="comment-hp" aria-hidden="true">
            <label htmlFor={id('hp')}>{texts.honeypot}</label>
            <input
              id={id('hp')}
              name={COMMENT_HONEYPOT}
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.target.value)}
            />
          </p>
          <Captcha
            ref={captcha}
            settings={{ enabled: true, ...props.captcha }}
            action={CaptchaAction.COMMENT_SUBMISSION}
            errorId={id('captcha-error')}
            texts={texts}
          />
          {errors.form ? (
            <p className="field-error" role="alert">
              <Message text={errors.form} />
            </p>
          ) : null}
          <button type="submit" className="button" disabled={!hydrated || status === 'sending'}>
            {status === 'sending' ? texts.posting : texts.post}
          </button>
        </form>
      )}
    </div>
  );
}

/** The server's per-field texts (`COMMENT_INVALID`'s `fields`). */
function fieldsOf(body: unknown): Errors | undefined {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  const out: Errors = {};
  for (const [k, v] of Object.entries(fields))
    if (typeof v === 'string') out[k as CommentField] = v;
  return Object.keys(out).length ? out : undefined;
}
