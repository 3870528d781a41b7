import { useState } from 'react';
import {
  checkForm,
  defaultEmailSubject,
  type BuilderErrors,
} from '../../../shared/forms/builder-rules.js';
import { OwnerMessages } from '../../../shared/errors.js';
import {
  FormsApi,
  MailingListsApi,
  type FormSaveInput,
  type MailingListJson,
  type OwnerFormJson,
} from '../../../shared/forms/owner-api.js';
import type { FormFieldDef, FormKind } from '../../../shared/forms/types.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { formHref } from '../routes.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { fieldErrorsOf, KIND_LABELS } from './api.js';
import { FieldList, newField } from './field-editor.js';
import { WebhookPanel } from './webhook-panel.js';
import './forms.css';

/** The form being edited: fields as the builder makes them (known types). */
type Draft = Omit<FormSaveInput, 'fields'> & { fields: FormFieldDef[] };

/** A new form to start from: name and email, as most contact forms begin. */
function blankForm(): Draft {
  const name = newField('name', []);
  const email = newField('email', [name]);
  const message = newField('textarea', [name, email]);
  return {
    name: 'Contact form',
    kind: 'form',
    fields: [
      { ...name, required: true },
      { ...email, required: true },
      { ...message, label: 'Message' },
    ],
    submissionMessage: '<p>Thank you! We will be in touch.</p>',
    disclaimer: '',
    successRedirect: '',
    submitLabel: 'Submit',
    captchaEnabled: true,
    mailingListId: null,
    notificationEmails: [],
    emailSubject: defaultEmailSubject('Contact form'),
  };
}

function inputOf(f: OwnerFormJson): Draft {
  return {
    name: f.name,
    kind: f.kind,
    fields: f.fields,
    submissionMessage: f.submissionMessage,
    disclaimer: f.disclaimer,
    successRedirect: f.successRedirect,
    submitLabel: f.submitLabel,
    captchaEnabled: f.captchaEnabled,
    mailingListId: f.mailingListId,
    notificationEmails: f.notificationEmails,
    emailSubject: f.emailSubject,
  };
}

/** `#/forms/{id}` (or `#/forms/new`): build a form, its settings and its webhook. */
export function FormBuilderScreen({ formId }: { formId: string }) {
  const isNew = formId === 'new';
  const state = useLoad(async (signal) => {
    const [form, lists] = await Promise.all([
      isNew ? Promise.resolve(null) : editorFetch<OwnerFormJson>(FormsApi.one(formId), { signal }),
      editorFetch<{ items: MailingListJson[] }>(MailingListsApi.list, { signal }),
    ]);
    return { form, lists: lists.items };
  }, `form-${formId}`);
  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/forms">Forms &amp; mail</a>
      </p>
      <LoadView state={state}>
        {({ form, lists }) => <Builder key={formId} saved={form} lists={lists} />}
      </LoadView>
    </>
  );
}

function Err({ errors, path }: { errors: BuilderErrors; path: string }) {
  return errors[path] ? (
    <span className="ed-inline-error ed-small" id={`err-${path}`}>
      {errors[path]}
    </span>
  ) : null;
}

const inv = (errors: BuilderErrors, path: string) => (errors[path] ? true : undefined);

function Builder({ saved, lists }: { saved: OwnerFormJson | null; lists: MailingListJson[] }) {
  const [form, setForm] = useState<Draft>(() => (saved ? inputOf(saved) : blankForm()));
  const [current, setCurrent] = useState<OwnerFormJson | null>(saved);
  const [errors, setErrors] = useState<BuilderErrors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const patch = (p: Partial<Draft>) => {
    setForm((f) => ({ ...f, ...p }));
    setResult(null);
  };
  const emails = form.notificationEmails ?? [];

  const save = async () => {
    const local = checkForm(
      form,
      lists.map((l) => l.id),
    );
    if (!local.ok) {
      setErrors(local.errors);
      setResult({ ok: false, text: OwnerMessages.FORM_DEFINITION_INVALID });
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.fm-builder [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const res = await editorFetch<OwnerFormJson>(
        current ? FormsApi.one(current.id) : FormsApi.list,
        { method: current ? 'PUT' : 'POST', json: form },
      );
      setCurrent(res);
      setForm(inputOf(res));
      setResult({ ok: true, text: 'Saved. The live site shows it now.' });
      if (!current) window.history.replaceState(null, '', formHref(res.id));
    } catch (err) {
      const fe = fieldErrorsOf(err);
      if (fe) setErrors(fe);
      setResult({ ok: false, text: actionFailureText(err) });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!current) return;
    try {
      await editorFetch(FormsApi.one(current.id), { method: 'DELETE' });
      window.location.hash = '#/forms';
    } catch (err) {
      setResult({ ok: false, text: actionFailureText(err) });
    }
  };

  return (
    <div className="fm-builder">
      <ScreenHeading title={current ? current.name : 'New form'}>
        {current && (
          <a className="ed-button" href={formHref(current.id, 'submissions')}>
            Submissions
          </a>
        )}
      </ScreenHeading>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <section className="ed-section" aria-labelledby="fm-basics">
          <h2 id="fm-basics">Form</h2>
          <div className="ed-form-grid">
            <label>
              <span>Form name</span>
              <input
                className="ed-input"
                value={form.name}
                aria-invalid={inv(errors, 'name')}
                onChange={(e) => patch({ name: e.target.value })}
              />
              <Err errors={errors} path="name" />
            </label>
            <label>
              <span>Kind</span>
              <select
                className="ed-input"
                value={form.kind}
                onChange={(e) => patch({ kind: e.target.value as FormKind })}
              >
                {(Object.keys(KIND_LABELS) as FormKind[]).map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </section>

        <section className="ed-section" aria-labelledby="fm-fields">
          <h2 id="fm-fields">Fields</h2>
          <p className="ed-muted ed-small">Drag to reorder, or use the arrow buttons.</p>
          <FieldList
            fields={form.fields}
            errors={errors}
            onChange={(fields) => patch({ fields })}
          />
        </section>

        {form.kind === 'newsletter' && (
          <section className="ed-section" aria-labelledby="fm-list">
            <h2 id="fm-list">Mailing list</h2>
            {lists.length === 0 ? (
              <p className="ed-inline-error" id="err-mailingListId">
                {OwnerMessages.NO_MAILING_LISTS} <a href="#/mailing-lists">Create a list</a>
              </p>
            ) : (
              <label className="ed-labelled">
                <span>Sign-ups join</span>
                <select
                  className="ed-input"
                  value={form.mailingListId ?? ''}
                  aria-invalid={inv(errors, 'mailingListId')}
                  onChange={(e) => patch({ mailingListId: e.target.value || null })}
                >
                  <option value="">Choose a list…</option>
                  {lists.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name} ({l.subscribers})
                    </option>
                  ))}
                </select>
                <Err errors={errors} path="mailingListId" />
              </label>
            )}
          </section>
        )}

        <section className="ed-section" aria-labelledby="fm-after">
          <h2 id="fm-after">After submitting</h2>
          <div className="fm-stack">
            <label className="ed-labelled">
              <span>Submission message (HTML)</span>
              <textarea
                className="ed-input"
                rows={3}
                value={form.submissionMessage ?? ''}
                onChange={(e) => patch({ submissionMessage: e.target.value })}
              />
            </label>
            <label className="ed-labelled">
              <span>Or go to this page</span>
              <input
                className="ed-input"
                placeholder="/thank-you"
                value={form.successRedirect ?? ''}
                aria-invalid={inv(errors, 'successRedirect')}
                onChange={(e) => patch({ successRedirect: e.target.value })}
              />
              <Err errors={errors} path="successRedirect" />
            </label>
            <div className="ed-form-grid">
              <label>
                <span>Button text</span>
                <input
                  className="ed-input"
                  value={form.submitLabel ?? ''}
                  onChange={(e) => patch({ submitLabel: e.target.value })}
                />
              </label>
            </div>
            <label className="ed-labelled">
              <span>Disclaimer under the fields (HTML)</span>
              <textarea
                className="ed-input"
                rows={2}
                value={form.disclaimer ?? ''}
                onChange={(e) => patch({ disclaimer: e.target.value })}
              />
            </label>
            <label className="ed-radio">
              <input
                type="checkbox"
                checked={form.captchaEnabled === true}
                onChange={(e) => patch({ captchaEnabled: e.target.checked })}
              />
              Bot check (CAPTCHA) before sending
            </label>
          </div>
        </section>

        <section className="ed-section" aria-labelledby="fm-notify">
          <h2 id="fm-notify">Notifications</h2>
          <p className="ed-muted ed-small">
            Who gets an email for each submission. With no address, every owner of the website does.
          </p>
          <ul className="fm-emails" role="list">
            {emails.map((addr, i) => (
              <li key={i}>
                <label className="ed-labelled">
                  <span className="ed-visually-hidden">Notification email {i + 1}</span>
                  <input
                    className="ed-input"
                    type="email"
                    value={addr}
                    aria-invalid={inv(errors, `notificationEmails.${i}`)}
                    onChange={(e) =>
                      patch({
                        notificationEmails: emails.map((x, j) => (j === i ? e.target.value : x)),
                      })
                    }
                  />
                  <Err errors={errors} path={`notificationEmails.${i}`} />
                </label>
                <button
                  type="button"
                  className="ed-button"
                  aria-label={`Remove ${addr || 'address'}`}
                  onClick={() => patch({ notificationEmails: emails.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          {emails.length < 10 && (
            <button
              type="button"
              className="ed-button"
              onClick={() => patch({ notificationEmails: [...emails, ''] })}
            >
              Add address
            </button>
          )}
          <label className="ed-labelled fm-subject">
            <span>Email subject</span>
            <input
              className="ed-input"
              value={form.emailSubject ?? ''}
              aria-invalid={inv(errors, 'emailSubject')}
              onChange={(e) => patch({ emailSubject: e.target.value })}
            />
            <Err errors={errors} path="emailSubject" />
          </label>
        </section>

        <div className="ed-save-bar">
          <button type="submit" className="ed-button ed-button-primary" disabled={saving}>
            {saving ? 'Saving…' : current ? 'Save form' : 'Create form'}
          </button>
          <span role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
            {result?.text}
          </span>
        </div>
      </form>

      {current && <WebhookPanel formId={current.id} initial={current.webhook} />}

      {current && (
        <section className="ed-section" aria-labelledby="fm-danger">
          <h2 id="fm-danger">Delete form</h2>
          {confirmDelete ? (
            <div className="ed-confirm">
              <p>
                Delete “{current.name}” and all its submissions? Pages that show it will show
                nothing in its place.
              </p>
              <div className="ed-actions">
                <button type="button" className="ed-button ed-button-danger" onClick={remove}>
                  Delete for good
                </button>
                <button type="button" className="ed-button" onClick={() => setConfirmDelete(false)}>
                  Keep it
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="ed-button ed-button-danger"
              onClick={() => setConfirmDelete(true)}
            >
              Delete form…
            </button>
          )}
        </section>
      )}
    </div>
  );
}
