import type { FormEvent, ReactNode, RefObject } from 'react';
import type { FieldErrors, FormFieldDef } from '../../../shared/forms/index.js';
import { CustomFormField, type FieldStates } from './custom-form-fields.js';
import { ENGLISH_FORM_TEXTS, formTexts } from '../../../shared/forms/form-texts.js';
import { pageLanguage } from '../page-texts.js';
import { Message } from '../use-message.js';

export const SAVING_TEXT = 'Saving…';

/** A custom product form's definition as `loadCustomForm` returns it. */
export interface LoadedForm {
  id: string;
  name: string;
  fields: FormFieldDef[];
  disclaimer: string;
}

export interface CustomFormBodyProps {
  form: LoadedForm;
  idPrefix: string;
  states: FieldStates;
  onStates: (update: (s: FieldStates) => FieldStates) => void;
  errors: FieldErrors;
  /** What is wrong as a whole, under the fields (SPEC 8.3); empty when nothing is. */
  summary: ReactNode;
  saving: boolean;
  submitText: string;
  onSubmit: (e: FormEvent) => void;
  /** Wraps the fields: for focusing the first input, or the first one in error. */
  fieldsRef: RefObject<HTMLDivElement | null>;
}

/**
 * The fields, disclaimer, summary and submit button of a custom product form (SPEC 3.6, 4.3, 5.3),
 * shared by the add-to-cart modal and the cart page's edit modal. The button reads 'Saving…' while
 * saving and is marked aria-disabled rather than disabled: a disabled button drops focus out of
 * the dialog, after which Escape and Tab no longer reach it.
 */
/** 'Saving…' in the page's language (the modal opens only in the browser, its texts loaded). */
function savingText(): string {
  const text = formTexts(pageLanguage()).saving;
  return text === ENGLISH_FORM_TEXTS.saving ? SAVING_TEXT : text;
}

export function CustomFormBody(props: CustomFormBodyProps) {
  const { form, idPrefix, saving } = props;
  return (
    <form noValidate onSubmit={props.onSubmit} data-testid="custom-form">
      <div ref={props.fieldsRef}>
        {form.fields.map((f) => (
          <CustomFormField
            key={f.id}
            field={f}
            idPrefix={idPrefix}
            value={props.states[f.id]}
            error={props.errors[f.id]}
            onChange={(v) => props.onStates((s) => ({ ...s, [f.id]: v }))}
          />
        ))}
      </div>
      {form.disclaimer ? (
        <div className="pi-disclaimer" dangerouslySetInnerHTML={{ __html: form.disclaimer }} />
      ) : null}
      <p role="alert" className="pi-field-error" data-testid="custom-form-summary">
        {typeof props.summary === 'string' ? <Message text={props.summary} /> : props.summary}
      </p>
      <button type="submit" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
        {saving ? savingText() : props.submitText}
      </button>
    </form>
  );
}

/** Moves focus to the input of the first field (in form order) that has a message. */
export function focusFirstError(
  root: HTMLElement | null,
  fields: readonly FormFieldDef[],
  errors: FieldErrors,
): void {
  const first = fields.find((f) => errors[f.id]);
  if (!first || !root) return;
  const box = root.querySelector(`[data-field-id="${CSS.escape(first.id)}"]`);
  box?.querySelector<HTMLElement>('input,select,textarea')?.focus();
}
