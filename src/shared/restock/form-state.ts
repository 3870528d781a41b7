/**
 * The `restock-form` island's state machine (SPEC 4.5): submit → an error is shown, or the
 * success message replaces the form. Pure, so it is unit-tested without a browser.
 */
import { restockEmailError, restockFailureText } from './rules.js';

export type RestockFormStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface RestockFormState {
  /** The variant the form is for; a different one resets the form. */
  variantId: string;
  email: string;
  joinMailingList: boolean;
  status: RestockFormStatus;
  /** The message shown under the form (client validation or the server's). */
  error: string | null;
  /** True when the error is about the email field (it gets aria-invalid). */
  emailInvalid: boolean;
}

export type RestockFormAction =
  | { type: 'email'; value: string }
  | { type: 'mailing-list'; value: boolean }
  /** The visitor pressed submit; `captchaReady` false means the bot check is not done yet. */
  | { type: 'submit' }
  | { type: 'success' }
  | { type: 'failure'; message: string | null | undefined }
  | { type: 'variant'; variantId: string; optInByDefault: boolean };

export function initialRestockFormState(
  variantId: string,
  optInByDefault: boolean,
): RestockFormState {
  return {
    variantId,
    email: '',
    joinMailingList: optInByDefault,
    status: 'idle',
    error: null,
    emailInvalid: false,
  };
}

export function restockFormReducer(
  state: RestockFormState,
  action: RestockFormAction,
): RestockFormState {
  switch (action.type) {
    case 'email':
      return { ...state, email: action.value };
    case 'mailing-list':
      return { ...state, joinMailingList: action.value };
    case 'submit': {
      // Repeat submits while one is under way are ignored.
      if (state.status === 'submitting' || state.status === 'success') return state;
      const error = restockEmailError(state.email);
      if (error) return { ...state, status: 'error', error, emailInvalid: true };
      return { ...state, status: 'submitting', error: null, emailInvalid: false };
    }
    case 'success':
      return { ...state, status: 'success', error: null, emailInvalid: false };
    case 'failure':
      return {
        ...state,
        status: 'error',
        error: restockFailureText(action.message),
        emailInvalid: false,
      };
    case 'variant':
      if (action.variantId === state.variantId) return state;
      return initialRestockFormState(action.variantId, action.optInByDefault);
  }
}
