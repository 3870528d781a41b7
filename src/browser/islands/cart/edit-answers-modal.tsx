import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepHiddenAnswers, prefillStates } from '../../../shared/cart/prefill-states.js';
import type { CartFailure } from '../../../shared/cart/cart-failure.js';
import {
  collectValues,
  validateValues,
  type FieldErrors,
  type FormFieldDef,
} from '../../../shared/forms/index.js';
import { CustomFormField, type FieldStates } from '../product/custom-form-fields.js';
import { SAVING_TEXT } from '../product/custom-form-modal.js';
import { Modal } from '../product/modal.js';

// The product islands' form loader, re-exported so the cart page loads it with this chunk.
export { loadCustomForm } from '../product/custom-form-modal.js';

/** The form as `loadCustomForm` returns it. */
export interface EditableForm {
  id: string;
  name: string;
  fields: FormFieldDef[];
  disclaimer: string;
}

export type SaveResult =
  { ok: true } | { ok: false; failure: CartFailure; fieldErrors: FieldErrors };

export interface EditAnswersModalProps {
  form: EditableForm;
  productTitle: string;
  /** The line's stored answers (field id → value) the form opens with. */
  answers: unknown;
  /** Sends the answers (JSON text); on failure the modal stays open with what was typed. */
  onSave: (additionalFields: string) => Promise<SaveResult>;
  onCancel: () => void;
}

export const SAVE_TEXT = 'Save';

/**
 * The custom product form on the cart page, pre-filled with a line's answers. It is the add-to-cart
 * form's fields and dialog (CustomFormField, Modal), not CustomFormModal itself: that one starts
 * empty and adds to cart. No separate POST /api/rest/forms/validate: the PUT checks the answers
 * with the same rules and returns per-field messages, which are shown at each field.
 * Loaded only when a shopper opens it (the cart page's chunk stays small).
 */
export function EditAnswersModal(props: EditAnswersModalProps) {
  const { form } = props;
  const idPrefix = useId();
  const [states, setStates] = useState<FieldStates>(() =>
    prefillStates(form.fields, props.answers),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<CartFailure | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  useEffect(() => {
    fieldsRef.current?.querySelector<HTMLElement>('input,select,textarea')?.focus();
  }, []);

  function focusFirstError(errs: FieldErrors) {
    const first = form.fields.find((f) => errs[f.id]);
    if (!first) return;
    const box = fieldsRef.current?.querySelector(`[data-field-id="${CSS.escape(first.id)}"]`);
    box?.querySelector<HTMLElement>('input,select,textarea')?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const query = typeof location === 'undefined' ? '' : location.search;
    const values = keepHiddenAnswers(
      form.fields,
      collectValues(form.fields, states, query),
      props.answers,
    );
    const clientErrors = validateValues(form.fields, values);
    setErrors(clientErrors);
    setFailure(null);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError(clientErrors);
      return;
    }
    setSaving(true);
    const result = await props.onSave(JSON.stringify(values));
    // Saved: the cart page has closed the dialog.
    if (!live.current) return;
    setSaving(false);
    if (!result.ok) {
      setErrors(result.fieldErrors);
      setFailure(result.failure);
      focusFirstError(result.fieldErrors);
    }
  }

  const titleId = `${idPrefix}-title`;
  return (
    <Modal open onClose={props.onCancel} labelledBy={titleId} wide className="pi-custom-form">
      <button type="button" className="pi-close" aria-label="Close" onClick={props.onCancel}>
        ×
      </button>
      <h2 id={titleId} style={{ marginTop: 0 }}>
        {form.name || props.productTitle}
      </h2>
      <form noValidate onSubmit={submit} data-testid="custom-form">
        <div ref={fieldsRef}>
          {form.fields.map((f) => (
            <CustomFormField
              key={f.id}
              field={f}
              idPrefix={idPrefix}
              value={states[f.id]}
              error={errors[f.id]}
              onChange={(v) => setStates((s) => ({ ...s, [f.id]: v }))}
            />
          ))}
        </div>
        {form.disclaimer ? (
          <div className="pi-disclaimer" dangerouslySetInnerHTML={{ __html: form.disclaimer }} />
        ) : null}
        <p role="alert" className="pi-field-error">
          {failure ? (
            <>
              <strong>{failure.title}</strong> <span>{failure.detail}</span>
            </>
          ) : null}
        </p>
        {/* aria-disabled, not disabled: a disabled button drops focus out of the dialog, and
            after a failure Escape and Tab would no longer reach it. */}
        <button type="submit" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
          {saving ? SAVING_TEXT : SAVE_TEXT}
        </button>
      </form>
    </Modal>
  );
}
