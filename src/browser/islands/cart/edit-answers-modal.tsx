import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { keepHiddenAnswers, prefillStates } from '../../../shared/cart/prefill-states.js';
import type { CartFailure } from '../../../shared/cart/cart-failure.js';
import { collectValues, validateValues, type FieldErrors } from '../../../shared/forms/index.js';
import { customFormClientFailure } from '../../../shared/product/custom-form-failure.js';
import type { FieldStates } from '../product/custom-form-fields.js';
import { CustomFormBody, focusFirstError, type LoadedForm } from '../product/custom-form-body.js';
import { Modal } from '../product/modal.js';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import { pageLanguage } from '../page-texts.js';
import { Message } from '../use-message.js';

// The product islands' form loader, re-exported so the cart page loads it with this chunk.
export { loadCustomForm } from '../product/custom-form-modal.js';

/** The form as `loadCustomForm` returns it. */
export type EditableForm = LoadedForm;

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

/**
 * The custom product form on the cart page, pre-filled with a line's answers. It is the add-to-cart
 * form's body and dialog (CustomFormBody, Modal), not CustomFormModal itself: that one starts
 * empty and adds to cart. No separate POST /api/rest/forms/validate: the PUT checks the answers
 * with the same rules and returns per-field messages, which are shown at each field.
 * Loaded only when a shopper opens it (the cart page's chunk stays small).
 */
export function EditAnswersModal(props: EditAnswersModalProps) {
  const { form } = props;
  // Opened only in the browser, by a click: the page's texts are loaded.
  const texts = storefrontTexts(pageLanguage());
  const idPrefix = useId();
  const [states, setStates] = useState<FieldStates>(() =>
    prefillStates(form.fields, props.answers),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<CartFailure | null>(null);
  /** SPEC 8.3's 'Update the missing or invalid information above.' after the client's checks. */
  const [message, setMessage] = useState('');
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const query = typeof location === 'undefined' ? '' : location.search;
    const values = keepHiddenAnswers(
      form.fields,
      collectValues(form.fields, states, query),
      props.answers,
    );
    const client = customFormClientFailure(validateValues(form.fields, values, 'product'));
    setErrors(client.fieldErrors);
    setFailure(null);
    setMessage(client.message);
    if (client.message) {
      focusFirstError(fieldsRef.current, form.fields, client.fieldErrors);
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
      focusFirstError(fieldsRef.current, form.fields, result.fieldErrors);
    }
  }

  const titleId = `${idPrefix}-title`;
  return (
    <Modal open onClose={props.onCancel} labelledBy={titleId} wide className="pi-custom-form">
      <button
        type="button"
        className="pi-close"
        aria-label={texts.closeText}
        onClick={props.onCancel}
      >
        ×
      </button>
      <h2 id={titleId} style={{ marginTop: 0 }}>
        {form.name || props.productTitle}
      </h2>
      <CustomFormBody
        form={form}
        idPrefix={idPrefix}
        states={states}
        onStates={setStates}
        errors={errors}
        summary={
          failure ? (
            <>
              <strong>
                <Message text={failure.title} />
              </strong>{' '}
              <span>
                <Message text={failure.detail} />
              </span>
            </>
          ) : (
            message
          )
        }
        saving={saving}
        submitText={texts.saveText}
        onSubmit={submit}
        fieldsRef={fieldsRef}
      />
    </Modal>
  );
}
