import { Messages } from '../errors.js';

/** SPEC 8.3: what a failed cart-page change was. */
export type CartAction = 'quantity' | 'remove' | 'form' | 'open-form' | 'add';

const TITLES: Record<CartAction, string> = {
  quantity: Messages.UNABLE_UPDATE_QUANTITY,
  remove: Messages.UNABLE_REMOVE_ITEM,
  form: Messages.UNABLE_UPDATE_FORM,
  'open-form': Messages.UNABLE_OPEN_FORM,
  add: Messages.UNABLE_ADD_ITEM,
};

export interface CartFailure {
  title: string;
  detail: string;
}

/**
 * The cart page's failure message (SPEC 8.3): a title naming the action, and a detail telling the
 * shopper what to do. No answer → 'Please check your internet connection.'; a refusal the server
 * explained (4xx: out of stock, expired session, 429's 'Please try again in a few seconds.') →
 * that explanation; a server fault → 'Please try again.'.
 */
export function cartFailure(
  action: CartAction,
  error: { status?: number; message?: string } | null | undefined,
): CartFailure {
  const status = error?.status;
  let detail: string = Messages.PLEASE_TRY_AGAIN;
  if (status === 0) detail = Messages.CHECK_CONNECTION;
  else if (status !== undefined && status >= 400 && status < 500 && error?.message) {
    detail = error.message;
  }
  return { title: TITLES[action], detail };
}
