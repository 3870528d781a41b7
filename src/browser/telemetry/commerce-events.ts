import { CRUMB_COOKIE } from '../../shared/wire-names.js';
import {
  COMMERCE_EVENTS,
  type CommerceCommonFields,
  type CommerceEventName,
} from '../../shared/telemetry/commerce-events.js';
import { trackingWarning } from '../../shared/telemetry/constants.js';
import type { SiteContext } from '../../shared/telemetry/page-context.js';
import { sessionIdOf, type VisitorState } from '../../shared/telemetry/visitor-cookies.js';
import { getCookie, post } from './browser-env.js';
import { recordCensus, recordQuickView } from './census.js';

let ctx: SiteContext | null = null;
let visitor: VisitorState | null = null;
let cartId: string | null = null;

/** SPEC 8.6: statuses other than 200 and 202 are warned about; network failures stay silent. */
function warnOnStatus(status: number): void {
  if (status && status !== 200 && status !== 202) console.warn(trackingWarning(status));
}

/** The fields every commerce event carries (SPEC 7). */
export function commonFields(): CommerceCommonFields {
  return {
    website_id: ctx?.websiteId ?? '',
    page_id: ctx?.itemId ?? ctx?.collectionId ?? null,
    cart_id: cartId,
    logged_in: ctx?.isMember ?? false,
    session_id: visitor ? sessionIdOf(visitor) : null,
  };
}

/**
 * Fires one of SPEC 7's storefront events through the events endpoint, validated there against
 * its schema in `schemas/events/`. Does nothing when visit analytics is skipped on this page.
 */
export function trackCommerceEvent(
  name: CommerceEventName,
  detail: Record<string, unknown> = {},
): void {
  if (!ctx || !visitor) return;
  const body = JSON.stringify({
    eventSchemaName: COMMERCE_EVENTS[name],
    eventContent: { ...commonFields(), ...detail },
  });
  void post('/api/v1/clanker/events', body, { 'content-type': 'application/json' }).then(
    warnOnStatus,
  );
}

/** SPEC 7's RecordEvent: urlencoded crumb, event name and JSON data, on the site's own host. */
export function recordEvent(event: string, data: object = {}): void {
  if (!ctx || !visitor) return;
  const body = new URLSearchParams({
    crumb: getCookie(CRUMB_COOKIE) ?? '',
    event,
    data: JSON.stringify({ ...data, session_id: sessionIdOf(visitor) }),
  });
  void post('/api/events/RecordEvent', body).then(warnOnStatus);
}

type Obj = Record<string, any>;
const str = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;

/** SPEC 3.2's add-to-cart event detail → the CommerceAddToCart fields. */
export function addToCartFields(d: Obj): Record<string, unknown> {
  const product: Obj = d.product ?? {};
  const out: Record<string, unknown> = {
    product_id: str(product.id) ?? '',
    product_name: str(product.name ?? product.title)?.slice(0, 300),
    sku: str(d.selectedVariant?.sku),
    quantity: Number.isInteger(d.quantity) ? d.quantity : 1,
    page_type: d.pageType,
    express_checkout: d.expressCheckout === true,
    subscription_id: str(d.subscriptionId) ?? null,
  };
  for (const k in out) if (out[k] === undefined) delete out[k];
  return out;
}

function formFields(d: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = { product_id: str(d.itemId), form_id: str(d.formId) };
  for (const k in out) if (out[k] === undefined) delete out[k];
  return out;
}

/** The removed cart line (`cart:item-removed`) → the CommerceRemoveFromCart fields. */
export function removedFields(d: Obj): Record<string, unknown> {
  const e: Obj = d.entry ?? {};
  const out: Record<string, unknown> = {
    entry_id: str(e.id),
    product_id: str(e.itemId),
    product_name: str(e.title)?.slice(0, 300),
    sku: str(e.chosenVariant?.sku),
    variant_id: str(e.variantId),
    quantity: Number.isInteger(e.quantity) ? e.quantity : undefined,
    unit_price_cents: Number.isInteger(e.purchasePriceCents) ? e.purchasePriceCents : undefined,
    currency: str(d.cart?.currencyCode),
  };
  for (const k in out) if (out[k] === undefined) delete out[k];
  return out;
}

/** Products shown in the product page's related-products section (cards carry their ids). */
function relatedProductIds(): string[] {
  const cards = document.querySelectorAll<HTMLElement>('.related-products [data-item-id]');
  return [...cards]
    .map((c) => c.dataset.itemId ?? '')
    .filter(Boolean)
    .slice(0, 50);
}

function cartIdOf(d: Obj | null | undefined): string | null {
  const id = d?.shoppingCart?.id ?? d?.cart?.id ?? d?.id;
  return typeof id === 'string' ? id : cartId;
}

/**
 * SPEC 7's reviews tab event: the product page's reviews section (`details[data-reviews-tab]`,
 * docs/reviews.md) opened, once per page view (also when it was opened before this loaded).
 */
function watchReviewsTab(): void {
  const tab = document.querySelector<HTMLDetailsElement>('details[data-reviews-tab]');
  if (!tab) return;
  let sent = false;
  const fire = () => {
    if (sent || !tab.open) return;
    sent = true;
    trackCommerceEvent('reviews_tab', { product_id: tab.dataset.productId ?? '' });
  };
  tab.addEventListener('toggle', fire);
  fire();
}

/**
 * Page-level events and the DOM CustomEvents the islands dispatch, so islands never import
 * telemetry: `commerce:add-to-cart`, `commerce:add-to-cart-error`, `cart:item-added`,
 * `cart:loaded`, `analytics:lead`, `form:submitSuccess`.
 */
export function startCommerceEvents(context: SiteContext, v: VisitorState | null): void {
  ctx = context;
  visitor = v;
  if (!v) return;
  const on = (type: string, fn: (d: Obj) => void) =>
    document.addEventListener(type, (e) => {
      try {
        fn(((e as CustomEvent).detail ?? {}) as Obj);
      } catch {
        // Telemetry never breaks the page.
      }
    });
  on('cart:loaded', (d) => (cartId = cartIdOf(d)));
  on('cart:item-added', (d) => (cartId = cartIdOf(d)));
  on('commerce:add-to-cart', (d) => trackCommerceEvent('add_to_cart', addToCartFields(d)));
  on('commerce:add-to-cart-error', (d) =>
    recordEvent('add_to_cart_error', {
      kind: str(d.kind ?? d.code),
      product_id: str(d.product?.id),
    }),
  );
  on('commerce:custom-form-open', (d) => trackCommerceEvent('custom_form_open', formFields(d)));
  on('commerce:custom-form-save', (d) => trackCommerceEvent('custom_form_save', formFields(d)));
  on('cart:item-removed', (d) => trackCommerceEvent('remove_from_cart', removedFields(d)));
  on('analytics:lead', (d) => recordEvent('lead', { form_id: str(d.formId) }));
  // SPEC 7's census calls for what the page shows and what the visitor opens or clicks.
  on('commerce:quick-view', (d) => {
    const id = str(d.itemId);
    if (id) recordQuickView(id);
  });
  for (const form of document.querySelectorAll<HTMLElement>('[data-form-id]')) {
    recordCensus('form-render', { formId: form.dataset.formId ?? '' });
  }
  const label = (el: Element) => (el.textContent ?? '').trim().slice(0, 200);
  for (const button of document.querySelectorAll('.block-button a.button')) {
    recordCensus('button-render', { label: label(button) });
  }
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.('.block-button a.button');
    if (button) recordCensus('button-click', { label: label(button) });
  });

  on('form:submitSuccess', (d) => recordEvent('form_submit', { form_id: str(d.formId) }));
  watchReviewsTab();

  const tracking = context.trackingPageType;
  if (tracking === 'pdp' && context.itemId) {
    trackCommerceEvent('visit_product_page', {
      product_id: context.itemId,
      product_name: context.pageTitle.slice(0, 300),
    });
    const related = relatedProductIds();
    if (related.length) {
      trackCommerceEvent('related_product_display', {
        product_id: context.itemId,
        related_product_ids: related,
      });
    }
  } else if (tracking === 'plp') {
    trackCommerceEvent('visit_product_list_page', { collection_id: context.collectionId ?? '' });
  } else if (
    // SPEC 2.1: show cart 200, commerce cart v2 205 (literals keep enums.ts out of the bundle).
    context.pageType === 200 ||
    context.pageType === 205 ||
    location.pathname === '/cart'
  ) {
    trackCommerceEvent('view_cart');
  }
}
