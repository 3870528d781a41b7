import type { AddToCartCheck, AddToCartErrorKind } from '../../../shared/cart/add-to-cart-flow.js';
import type { AddToCartMachine } from '../../../shared/cart/add-to-cart-machine.js';

export interface AddToCartClickDeps {
  machine: AddToCartMachine;
  /** SPEC 4.1's synchronous checks (selection, variant, stock, quantity). */
  check: () => AddToCartCheck;
  /** List grids flag 'Select Option' instead of showing the unselected-options message. */
  listGrid: boolean;
  reportError: (kind: AddToCartErrorKind, message: string) => void;
  showAlert: (message: string) => void;
  /** The asynchronous rest of the flow (stock call, form, API); runs only when the checks pass. */
  start: () => void;
}

/**
 * One click on an add-to-cart button (SPEC 4.1). Every click that is not ignored shows 'Adding…'
 * at once, validation failures included, so the button always answers the same way and a failure
 * always returns to idle 1 s later (SPEC 9.1). On list grids missing options rest on
 * 'Select Option' for 2 s after that second instead of showing a message (SPEC 5.1); elsewhere the
 * alert opens at once while the button finishes its second of 'Adding…'.
 * Returns false when the click was ignored (adding, added, sold out).
 */
export function handleAddToCartClick(deps: AddToCartClickDeps): boolean {
  const { machine } = deps;
  if (!machine.click()) return false;
  const check = deps.check();
  if (check.status === 'failed') {
    deps.reportError(check.kind, check.message);
    if (deps.listGrid && check.kind === 'NO_VARIANT_SELECTED') machine.fail('select-option');
    else {
      machine.fail();
      deps.showAlert(check.message);
    }
    return true;
  }
  deps.start();
  return true;
}
