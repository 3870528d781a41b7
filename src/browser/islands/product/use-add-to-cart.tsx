import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  checkAddToCart,
  finishAddToCart,
  startAddToCart,
  type AddToCartEffects,
  type AddToCartErrorKind,
  type AddToCartOutcome,
  type AddToCartRequest,
} from '../../../shared/cart/add-to-cart-flow.js';
import type { AddToCartState } from '../../../shared/cart/add-to-cart-machine.js';
import { alertTitle } from '../../../shared/cart/alert-title.js';
import { storefrontTexts } from '../../../shared/i18n/storefront-texts.js';
import {
  findVariant,
  isGiftCard,
  isVariantSoldOut,
  unselectedOptions,
  usesFormStyle,
  type OptionSelection,
} from '../../../shared/product/rules.js';
import type { VariantJson } from '../../../shared/product/types.js';
import { cartStore } from '../cart/store.js';
import { handleAddToCartClick } from './add-to-cart-click.js';
import type { AlertState } from './alert-dialog.js';
import { browserEffects } from './browser-effects.js';
import type { ProductIslandProps } from './island-props.js';
import { RenderErrorBoundary } from './render-error-boundary.js';
import { emitProductEvent, productSummary, variantSummary } from './product-events.js';
import { useAddToCartMachine } from './use-add-to-cart-machine.js';
import { ensureTexts } from '../page-texts.js';
import { prepareMessages } from '../use-message.js';

/** Failures are rare: the alert and its modal load when one happens, not with every product page. */
const AlertDialog = lazy(() =>
  Promise.all([
    import('./alert-dialog.js'),
    // Its texts in the page's language come with it (none on English pages).
    prepareMessages().catch((err: unknown) => {
      console.warn('add to cart: could not load the messages', err);
    }),
  ]).then(([m]) => ({ default: m.AlertDialog })),
);
/** The list pages' added-item popover (SPEC 4.1): its own chunk, loaded once. */
let popoverModule: Promise<typeof import('./added-popover.js')> | undefined;
function loadPopover(): Promise<typeof import('./added-popover.js')> {
  popoverModule ??= import('./added-popover.js').catch((err: unknown) => {
    popoverModule = undefined;
    throw err;
  });
  return popoverModule;
}
/** Only products with a custom form ever need it, and only once clicked: its own chunk. */
const CustomFormModal = lazy(() =>
  Promise.all([
    import('./custom-form-modal.js'),
    // Its words and messages in the page's language come with it (none on English pages).
    Promise.all([ensureTexts(['forms']), prepareMessages()]).catch((err: unknown) => {
      console.warn('add to cart: could not load the form texts', err);
    }),
  ]).then(([m]) => ({ default: m.CustomFormModal })),
);

export interface UseAddToCartOptions {
  props: ProductIslandProps;
  selection: OptionSelection;
  quantity: string;
  subscription: boolean;
  subscriptionOptionId?: string;
  soldOut: boolean;
  idleText: string;
  /** List grids flag the button instead of showing the unselected-options message (SPEC 5.1). */
  listGrid?: boolean;
  /** Called after 'Added!' appears (the quick view closes itself then). */
  onAdded?: () => void;
  effects?: AddToCartEffects;
}

/**
 * Everything behind an add-to-cart button: the state machine, SPEC 4.1's flow, the alert dialog,
 * the custom form modal, the SPEC 3.2 / 8.1 events and the list-page popover. Returns the
 * button's state and click handler, and the dialogs to render next to it.
 */
export function useAddToCart(opts: UseAddToCartOptions): {
  state: AddToCartState;
  onClick: () => void;
  dialogs: ReactNode;
} {
  const { props } = opts;
  const { item, pageType } = props;
  const product = item.structuredContent;
  const expressCheckout = props.expressCheckout ?? false;
  const fx = opts.effects ?? browserEffects;
  const isList = pageType === 'plp';
  const optsRef = useRef(opts);
  optsRef.current = opts;
  /** The sku of the last line added, for the popover's picture. */
  const addedSku = useRef<string | null>(null);

  const texts = storefrontTexts(props.locale);
  const [state, machine] = useAddToCartMachine({
    idleText: opts.idleText,
    soldOut: opts.soldOut,
    texts: {
      adding: texts.addingText,
      added: texts.addedText,
      selectOption: texts.selectOptionText,
      soldOut: texts.soldOutButtonText,
    },
    onAdded: () => {
      // SPEC 4.1: the added-item popover belongs to list pages. Its picture is the added line's
      // (the chosen variant's image, else the product's), as the cart answered it.
      if (isList) {
        const sku = addedSku.current;
        const line = cartStore
          .getCart()
          ?.entries.find((e) => e.itemId === item.id && e.chosenVariant.sku === sku);
        void loadPopover().then(
          (m) => m.showAddedPopover({ name: item.title, image: line?.image }, texts),
          (err: unknown) => console.warn('added popover could not load', err),
        );
      }
      optsRef.current.onAdded?.();
    },
  });
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [pendingForm, setPendingForm] = useState<{ variant: VariantJson; quantity: number } | null>(
    null,
  );

  // The cart's contents count against stock (SPEC 5.1), so make sure the store has loaded.
  useEffect(() => cartStore.start(), []);
  // List pages fetch the popover's chunk ahead, so it shows with 'Added!' (product pages never
  // show it and never load it).
  useEffect(() => {
    if (isList) void loadPopover().catch(() => undefined);
  }, [isList]);

  function request(): AddToCartRequest {
    const o = optsRef.current;
    return {
      itemId: item.id,
      product,
      selection: o.selection,
      quantity: o.quantity,
      qtyInCart: (v) => cartStore.quantityInCart(item.id, v.sku),
      expressCheckout,
      subscription: o.subscription,
      ...(o.subscriptionOptionId ? { subscriptionOptionId: o.subscriptionOptionId } : {}),
      websiteId: props.websiteId ?? '',
    };
  }

  function reportError(kind: AddToCartErrorKind, message: string) {
    emitProductEvent('commerce:add-to-cart-error', { kind, message, pageType, itemId: item.id });
  }

  /**
   * The alert for a failure, titled by SPEC 2.2 ('Unable to Add Item', or the express-checkout
   * and gift-card titles). A custom form that cannot be shown gets SPEC 8.1's blank alert: that
   * title and no message.
   */
  function showAlert(message: string) {
    setAlert({
      title: alertTitle({
        expressCheckout,
        giftCard: isGiftCard(product.productType),
      }),
      message,
    });
  }

  function formRenderFailed() {
    setPendingForm(null);
    reportError('CUSTOM_FORM_RENDER_ERROR', '');
    showAlert('');
  }

  function reportSuccess(variant: VariantJson, quantity: number) {
    const o = optsRef.current;
    emitProductEvent('commerce:add-to-cart', {
      pageType,
      product: productSummary(item),
      quantity,
      selectedVariant: variantSummary(variant),
      unselectedVariantOptions: unselectedOptions(product, o.selection),
      isInStock: !isVariantSoldOut(product, variant),
      expressCheckout,
      addToCartText: o.idleText,
      subscriptionId: o.subscription ? (o.subscriptionOptionId ?? null) : null,
    });
  }

  function settle(outcome: AddToCartOutcome) {
    switch (outcome.status) {
      case 'added':
      case 'redirected':
        addedSku.current = outcome.variant.sku;
        machine.succeed();
        reportSuccess(outcome.variant, outcome.quantity);
        return;
      case 'needs-form':
        machine.reset();
        setPendingForm({ variant: outcome.variant, quantity: outcome.quantity });
        emitProductEvent('commerce:custom-form-open', {
          itemId: item.id,
          formId: product.additionalFieldsFormId ?? '',
          pageType,
        });
        return;
      case 'failed':
        machine.fail();
        reportError(outcome.kind, outcome.message);
        showAlert(outcome.message);
    }
  }

  function onClick() {
    const req = request();
    handleAddToCartClick({
      machine,
      check: () => checkAddToCart(req),
      listGrid: optsRef.current.listGrid ?? false,
      reportError,
      showAlert,
      start: () =>
        startAddToCart(req, fx).then(settle, (err: unknown) => {
          console.warn('add to cart failed', err);
          settle({ status: 'failed', kind: 'API_FAILURE', message: 'Please try again.' });
        }),
    });
  }

  /**
   * The add after the custom form. A failed add (429, 500, the network) keeps the form open
   * with the shopper's answers and says why in it; only an added item closes it.
   */
  async function submitForm(additionalFields: string): Promise<string | null> {
    const pending = pendingForm;
    if (!pending) return '';
    const outcome = await finishAddToCart(request(), { ...pending, additionalFields }, fx).catch(
      (err: unknown) => {
        console.warn('add to cart failed', err);
        return { status: 'failed', kind: 'API_FAILURE', message: 'Please try again.' } as const;
      },
    );
    if (outcome.status === 'failed') {
      reportError(outcome.kind, outcome.message);
      return outcome.message;
    }
    setPendingForm(null);
    emitProductEvent('commerce:custom-form-save', {
      itemId: item.id,
      formId: product.additionalFieldsFormId ?? '',
      pageType,
    });
    // Show the usual Adding… → Added! sequence on the button the form was opened from.
    machine.click();
    settle(outcome);
    return null;
  }

  const dialogs = (
    <>
      {alert ? (
        // Failures often come with a bad connection, which may also keep the dialog's chunk
        // away: the shopper still reads the message (the browser's own alert) and the form stays.
        <RenderErrorBoundary
          onError={(err) => {
            console.warn('product form: could not show the alert', err);
            window.alert([alert.title, alert.message].filter(Boolean).join('\n\n'));
            setAlert(null);
          }}
        >
          <Suspense fallback={null}>
            <AlertDialog alert={alert} onClose={() => setAlert(null)} />
          </Suspense>
        </RenderErrorBoundary>
      ) : null}
      {usesFormStyle(product) && pendingForm ? (
        // Mounted per opening, so a failed attempt does not leave the boundary tripped.
        <RenderErrorBoundary
          onError={(err) => {
            console.warn('product form: could not show the custom form', err);
            formRenderFailed();
          }}
        >
          <Suspense fallback={null}>
            <CustomFormModal
              formId={product.additionalFieldsFormId}
              productTitle={item.title}
              submitText={opts.idleText}
              onSubmit={submitForm}
              onCancel={() => setPendingForm(null)}
              onRenderError={formRenderFailed}
            />
          </Suspense>
        </RenderErrorBoundary>
      ) : null}
    </>
  );

  return { state, onClick, dialogs };
}

/** The variant the selection names, for price and stock display before adding. */
export function chosenVariant(
  product: Parameters<typeof findVariant>[0],
  selection: OptionSelection,
): VariantJson | undefined {
  return findVariant(product, selection);
}
