import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  collectValues,
  normalizeField,
  validateValues,
  type FieldErrors,
} from '../../../shared/forms/index.js';
import { Messages } from '../../../shared/errors.js';
import {
  customFormClientFailure,
  customFormServerFailure,
} from '../../../shared/product/custom-form-failure.js';
import { ApiError, apiFetch } from '../../lib/api.js';
import type { FieldStates } from './custom-form-fields.js';
import { CustomFormBody, focusFirstError, type LoadedForm } from './custom-form-body.js';
import { Modal } from './modal.js';
import { formTexts } from '../../../shared/forms/form-texts.js';
import { pageLanguage } from '../page-texts.js';

export { SAVING_TEXT } from './custom-form-body.js';

/** GET /api/template/GetTemplateSchema answers with the form in `data` (SPEC 7). */
export async function loadCustomForm(formId: string): Promise<LoadedForm> {
  const body = await apiFetch<unknown>(
    `/api/template/GetTemplateSchema?type=form&id=${encodeURIComponent(formId)}`,
  );
  const root = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const data = (root.data && typeof root.data === 'object' ? root.data : root) as Record<
    string,
    unknown
  >;
  if (!Array.isArray(data.fields)) throw new Error('The form definition has no fields');
  return {
    id: typeof data.id === 'string' ? data.id : formId,
    name: typeof data.name === 'string' ? data.name : '',
    fields: (data.fields as Array<Record<string, unknown>>).map((f) => normalizeField(f)),
    disclaimer: typeof data.disclaimer === 'string' ? data.disclaimer : '',
  };
}

export interface CustomFormModalProps {
  /** The form to show; null while closed. */
  formId: string | null;
  productTitle: string;
  submitText: string;
  /**
   * Adds to cart with the answers (JSON text). Resolves null when added (the modal closes), or
   * the failure's text: the form then stays open with the answers kept, the text above them.
   */
  onSubmit: (additionalFields: string) => Promise<string | null>;
  onCancel: () => void;
  /** The definition could not be loaded or rendered (SPEC 8.1: a blank alert). */
  onRenderError: () => void;
}

/**
 * SPEC 4.3 / 5.3: the custom product form, asked before adding to cart. Client checks first
 * ('Required', one checkbox, one part of a multi-part field, the likert text), then the server's
 * per-field validation, then the add; the button reads 'Saving…' throughout.
 */
export function CustomFormModal(props: CustomFormModalProps) {
  const { formId } = props;
  const texts = formTexts(pageLanguage());
  const idPrefix = useId();
  const [form, setForm] = useState<LoadedForm | null>(null);
  const [states, setStates] = useState<FieldStates>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const onRenderError = useRef(props.onRenderError);
  onRenderError.current = props.onRenderError;
  const firstInput = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!formId) return;
    let live = true;
    setForm(null);
    setStates({});
    setErrors({});
    setMessage('');
    loadCustomForm(formId).then(
      (f) => live && setForm(f),
      (err: unknown) => {
        if (!live) return;
        console.warn('product form: could not load the custom form', err);
        onRenderError.current();
      },
    );
    return () => {
      live = false;
    };
  }, [formId]);

  useEffect(() => {
    if (form) firstInput.current?.querySelector<HTMLElement>('input,select,textarea')?.focus();
  }, [form]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form || saving) return;
    const query = typeof location === 'undefined' ? '' : location.search;
    const values = collectValues(form.fields, states, query);
    const client = customFormClientFailure(validateValues(form.fields, values, 'product'));
    setErrors(client.fieldErrors);
    setMessage(client.message);
    if (client.message) {
      focusFirstError(firstInput.current, form.fields, client.fieldErrors);
      return;
    }
    setSaving(true);
    try {
      try {
        await apiFetch(`/api/rest/forms/validate/${encodeURIComponent(form.id)}`, {
          method: 'POST',
          json: values,
        });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const failure = err.isNetworkError
          ? { fieldErrors: {}, message: Messages.CHECK_CONNECTION }
          : customFormServerFailure(err.status, err.body);
        setErrors(failure.fieldErrors);
        setMessage(failure.message);
        focusFirstError(firstInput.current, form.fields, failure.fieldErrors);
        return;
      }
      // The same field-id → value map the server just validated: the cart API re-checks it.
      const failed = await props.onSubmit(JSON.stringify(values));
      if (failed !== null) setMessage(failed || Messages.CHECK_CONNECTION);
    } finally {
      setSaving(false);
    }
  }

  const titleId = `${idPrefix}-title`;
  return (
    <Modal
      open={formId !== null}
      onClose={props.onCancel}
      labelledBy={titleId}
      wide
      className="pi-custom-form"
    >
      <button type="button" className="pi-close" aria-label={texts.close} onClick={props.onCancel}>
        ×
      </button>
      <h2 id={titleId} style={{ marginTop: 0 }}>
        {form?.name || props.productTitle}
      </h2>
      {!form ? (
        <p role="status">{texts.loading}</p>
      ) : (
        <CustomFormBody
          form={form}
          idPrefix={idPrefix}
          states={states}
          onStates={setStates}
          errors={errors}
          summary={message}
          saving={saving}
          submitText={props.submitText}
          onSubmit={submit}
          fieldsRef={firstInput}
        />
      )}
    </Modal>
  );
}
