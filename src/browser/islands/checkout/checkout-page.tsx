import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  type CheckoutFieldErrors,
  type PlaceOrderResponse,
  type QuoteResponse,
} from '../../../shared/checkout/api.js';
import { AddressLabels, countryFormat } from '../../../shared/checkout/address-rules.js';
import { minimumSubtotalText } from '../../../shared/cart/cart-minimum.js';
import { formatMoney } from '../../../shared/money.js';
import { apiFetch, ApiError } from '../../lib/api.js';
import { cartStore, type CartStore } from '../cart/store.js';
import { useCart } from '../cart/use-cart.js';
import { AddressFields, Field, fieldId } from './address-fields.js';
import {
  billingOf,
  cardDigits,
  confirmationUrl,
  defaultCountry,
  emptyDraft,
  fieldErrorsOf,
  firstStepWithError,
  formatCardNumber,
  nextStep,
  placeOrderRequest,
  quoteRequestFor,
  shortLinesOf,
  shortLineText,
  STEP_TITLES,
  stepsFor,
  validateAll,
  validateStep,
  type AddressDraft,
  type CheckoutDraft,
  type StepId,
} from './checkout-steps.js';
import { OrderSummary } from './order-summary.js';

export const QUOTE_PATH = '/api/commerce/checkout/quote';
export const ORDERS_PATH = '/api/commerce/orders';

export interface CheckoutPageProps {
  locale?: string;
  currency?: string;
  /** Tests pass their own store and navigation; pages use the shared store and `location`. */
  store?: CartStore;
  navigate?: (url: string) => void;
}

interface Failure {
  message: string;
  lines?: string[];
  /** Already shown beside a field: only announced. */
  spokenOnly?: boolean;
}

/** Idempotency keys: one per placement attempt, kept for a retry after no answer. */
function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The /checkout page (SPEC 2.1 pageType 201): contact email → shipping address (billing the same
 * unless unticked) → shipping method → payment → review and 'Place Order', on one page. Each
 * finished step folds into a summary with an Edit button. The server quotes the totals again
 * after every step; the cart comes from the cart store, never from the HTML.
 */
export default function CheckoutPage({
  locale = 'en-US',
  currency = 'USD',
  store = cartStore,
  navigate = (url) => window.location.assign(url),
}: CheckoutPageProps) {
  const { status, cart } = useCart(store);
  const [quote, setQuote] = useState<QuoteResponse | null>(null);
  const [quoteFailed, setQuoteFailed] = useState<string | null>(null);
  const [draft, setDraft] = useState<CheckoutDraft>(() => emptyDraft('US'));
  const [step, setStep] = useState<StepId>('contact');
  const [done, setDone] = useState<ReadonlySet<StepId>>(new Set());
  const [errors, setErrors] = useState<CheckoutFieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [placing, setPlacing] = useState(false);
  /** Bumped to move focus after a render: to the first invalid field, else the open step. */
  const [focusTick, setFocusTick] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const quoteSeq = useRef(0);
  const placeKey = useRef<string | null>(null);
  const placingRef = useRef(false);

  const money = (minor: number) => formatMoney(minor, quote?.totals.currency ?? currency, locale);
  const requiresShipping = quote?.requiresShipping ?? true;
  const steps = stepsFor(requiresShipping);
  const hasCart = !!cart && cart.entries.length > 0;

  const requote = async (d: CheckoutDraft, addressDone: boolean): Promise<QuoteResponse | null> => {
    const seq = ++quoteSeq.current;
    setBusy(true);
    try {
      const q = await apiFetch<QuoteResponse>(QUOTE_PATH, {
        method: 'POST',
        json: quoteRequestFor(d, quote?.requiresShipping ?? true, addressDone),
      });
      if (seq !== quoteSeq.current) return null;
      setQuote(q);
      setQuoteFailed(null);
      return q;
    } catch (err) {
      if (seq !== quoteSeq.current) return null;
      const fe = fieldErrorsOf((err as ApiError).body);
      if (Object.keys(fe).length) {
        setErrors((e) => ({ ...e, ...fe }));
        setFocusTick((t) => t + 1);
      } else setQuoteFailed((err as Error).message);
      return null;
    } finally {
      if (seq === quoteSeq.current) setBusy(false);
    }
  };

  // The first quote, once the cart is known: it says which steps apply, the countries shipped
  // to, the payment providers, test mode and the store minimum.
  useEffect(() => {
    if (!hasCart || quote) return;
    void requote(draft, false).then((q) => {
      if (!q) return;
      const country = defaultCountry(q.shipsTo);
      setDraft((d) => ({
        ...d,
        shipping: { ...d.shipping, country },
        billing: { ...d.billing, country },
        provider: d.provider ?? q.paymentProviders.find((p) => p.id !== 'stripe')?.id ?? null,
        shippingOptionId: d.shippingOptionId ?? q.selectedShippingOptionId,
      }));
    });
  }, [hasCart]);

  useEffect(() => {
    if (!focusTick) return;
    const root = rootRef.current;
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>('.co-step[data-state="current"] h2');
    target?.focus();
  }, [focusTick]);

  const update = (patch: Partial<CheckoutDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setFieldError = (key: string, message: string | null) =>
    setErrors((e) => {
      if (!message && !(key in e)) return e;
      const next = { ...e };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  const openStep = (s: StepId, keepFailure = false) => {
    setStep(s);
    if (!keepFailure) setFailure(null);
    setFocusTick((t) => t + 1);
  };

  const continueFrom = async (e: FormEvent, s: StepId) => {
    e.preventDefault();
    if (!quote || busy) return;
    const stepErrors = validateStep(s, draft, quote);
    const others = Object.fromEntries(
      Object.entries(errors).filter(([k]) => !(k in stepErrors) && !isStepKey(s, k)),
    );
    setErrors({ ...others, ...stepErrors });
    if (Object.keys(stepErrors).length) {
      setFocusTick((t) => t + 1);
      return;
    }
    const nextDone = new Set(done).add(s);
    const q = await requote(draft, nextDone.has('address'));
    if (!q) return;
    if (q.selectedShippingOptionId && q.selectedShippingOptionId !== draft.shippingOptionId) {
      update({ shippingOptionId: q.selectedShippingOptionId });
    }
    setDone(nextDone);
    openStep(nextStep(stepsFor(q.requiresShipping), s));
  };

  const chooseShipping = (id: string) => {
    const next = { ...draft, shippingOptionId: id };
    setDraft(next);
    setFieldError('shippingOptionId', null);
    void requote(next, done.has('address'));
  };

  const placeOrder = async () => {
    if (!quote || placingRef.current) return;
    const all = validateAll(steps, draft, quote);
    if (Object.keys(all).length) {
      setErrors(all);
      openStep(firstStepWithError(steps, all) ?? 'contact');
      return;
    }
    placingRef.current = true;
    setPlacing(true);
    setFailure(null);
    // One key per attempt; a retry after no answer reuses it, so the server gives the first
    // order back instead of placing a second.
    placeKey.current ??= newKey();
    try {
      const res = await apiFetch<PlaceOrderResponse>(ORDERS_PATH, {
        method: 'POST',
        json: placeOrderRequest(draft, requiresShipping),
        idempotencyKey: placeKey.current,
      });
      store.clear();
      navigate(confirmationUrl(res.order));
      return;
    } catch (err) {
      const apiErr = err as ApiError;
      if (apiErr instanceof ApiError && apiErr.status !== 0) placeKey.current = null;
      showPlaceFailure(apiErr);
    }
    placingRef.current = false;
    setPlacing(false);
  };

  const showPlaceFailure = (err: ApiError) => {
    if (err.code === 'CHECKOUT_FIELDS_INVALID') {
      const fe = fieldErrorsOf(err.body);
      setErrors(fe);
      setFailure({ message: err.message });
      openStep(firstStepWithError(steps, fe) ?? 'review', true);
    } else if (err.code === 'PAYMENT_DECLINED') {
      // The provider's message, beside the card; everything typed stays.
      setErrors({ 'payment.token': err.message });
      setFailure({ message: err.message, spokenOnly: true });
      openStep('payment', true);
    } else if (err.code === 'OUT_OF_STOCK') {
      setFailure({ message: err.message, lines: shortLinesOf(err.body).map(shortLineText) });
      void store.load().catch(() => undefined);
      setFocusTick((t) => t + 1);
    } else {
      setFailure({ message: err.message });
    }
  };

  const loading = status === 'idle' || (status === 'loading' && !cart);
  const totals = quote?.totals;
  const belowMinimum =
    !!quote && quote.minimumSubtotal > 0 && quote.totals.subtotal < quote.minimumSubtotal
      ? minimumSubtotalText(money(quote.minimumSubtotal))
      : null;

  if (loading || (hasCart && !quote && !quoteFailed)) {
    return (
      <div className="co-checkout" aria-busy="true">
        <p className="co-loading">Loading…</p>
      </div>
    );
  }
  if (!hasCart) {
    return (
      <div className="co-checkout">
        <p className="co-empty">You have nothing in your shopping cart.</p>
        <p>
          <a className="co-link" href="/cart">
            Back to cart
          </a>
        </p>
      </div>
    );
  }
  if (!quote) {
    return (
      <div className="co-checkout">
        <div className="co-layout">
          <div className="co-steps">
            <p className="co-alert" role="alert">
              {quoteFailed}
            </p>
            <button
              type="button"
              className="co-secondary"
              onClick={() => void requote(draft, false)}
            >
              Try again
            </button>
          </div>
          <OrderSummary
            entries={cart.entries}
            totals={null}
            shippingChosen={false}
            cartSubtotal={cart.subtotalCents}
            money={money}
          />
        </div>
      </div>
    );
  }

  // Stripe needs its own card element (Stripe.js), which this island does not load yet.
  const shownProviders = quote.paymentProviders.filter((p) => p.id !== 'stripe');
  const provider = shownProviders.find((p) => p.id === draft.provider);
  const stepState = (s: StepId) => (s === step ? 'current' : done.has(s) ? 'done' : 'todo');

  const summaries: Record<StepId, string> = {
    contact: draft.email,
    address: addressLine(draft.shipping),
    delivery: quote.shippingOptions.find((o) => o.id === draft.shippingOptionId)?.name ?? '',
    payment: [
      provider
        ? provider.id === 'test'
          ? `${provider.label} · •••• ${cardDigits(draft.cardNumber).slice(-4)}`
          : provider.label
        : '',
      billingOf(draft, requiresShipping) ? `Billing: ${addressLine(draft.billing)}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    review: '',
  };

  const body = (s: StepId) => {
    switch (s) {
      case 'contact':
        return (
          <Field name="email" label={AddressLabels.email} errors={errors}>
            {(a11y) => (
              <input
                {...a11y}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={draft.email}
                onChange={(e) => {
                  update({ email: e.target.value });
                  setFieldError('email', null);
                }}
              />
            )}
          </Field>
        );
      case 'address':
        return (
          <AddressFields
            prefix="shippingAddress"
            value={draft.shipping}
            errors={errors}
            countries={quote.shipsTo}
            onChange={(shipping) => update({ shipping })}
            onFieldError={setFieldError}
          />
        );
      case 'delivery':
        return (
          <fieldset
            className="co-choices"
            aria-describedby={
              errors.shippingOptionId ? fieldId('shippingOptionId') + '-error' : undefined
            }
          >
            <legend className="co-sr">{STEP_TITLES.delivery}</legend>
            {quote.shippingOptions.length === 0 && (
              <p className="co-error">We do not ship to this address.</p>
            )}
            {quote.shippingOptions.map((o, i) => (
              <label key={o.id} className="co-choice">
                <input
                  type="radio"
                  name="co-shipping"
                  id={i === 0 ? fieldId('shippingOptionId') : undefined}
                  value={o.id}
                  checked={draft.shippingOptionId === o.id}
                  aria-invalid={errors.shippingOptionId ? true : undefined}
                  onChange={() => chooseShipping(o.id)}
                />
                <span className="co-choice-text">
                  <span className="co-choice-name">{o.name}</span>
                  {o.description && <span className="co-hint">{o.description}</span>}
                </span>
                <span className="co-choice-amount">
                  {o.amount === 0 ? 'Free' : money(o.amount)}
                </span>
              </label>
            ))}
            {errors.shippingOptionId && (
              <p className="co-error" id={`${fieldId('shippingOptionId')}-error`}>
                {errors.shippingOptionId}
              </p>
            )}
          </fieldset>
        );
      case 'payment':
        return (
          <>
            <fieldset className="co-choices">
              <legend className="co-sr">{STEP_TITLES.payment}</legend>
              {shownProviders.map((p, i) => (
                <label key={p.id} className="co-choice">
                  <input
                    type="radio"
                    name="co-provider"
                    id={i === 0 ? fieldId('payment.provider') : undefined}
                    value={p.id}
                    checked={draft.provider === p.id}
                    aria-invalid={errors['payment.provider'] ? true : undefined}
                    onChange={() => {
                      update({ provider: p.id });
                      setFieldError('payment.provider', null);
                      setFieldError('payment.token', null);
                    }}
                  />
                  <span className="co-choice-text">
                    <span className="co-choice-name">{p.label}</span>
                  </span>
                  {p.id === 'test' && <span className="co-badge">Test mode</span>}
                </label>
              ))}
              {errors['payment.provider'] && (
                <p className="co-error">{errors['payment.provider']}</p>
              )}
            </fieldset>
            {draft.provider === 'test' && (
              <Field
                name="payment.token"
                label="Card number"
                errors={errors}
                hint="Test mode: 4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined."
                wide
              >
                {(a11y) => (
                  <input
                    {...a11y}
                    type="text"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="4242 4242 4242 4242"
                    value={draft.cardNumber}
                    onChange={(e) => {
                      update({ cardNumber: formatCardNumber(e.target.value) });
                      setFieldError('payment.token', null);
                    }}
                  />
                )}
              </Field>
            )}
            {provider && provider.id === 'manual' && provider.instructions && (
              <p className="co-instructions">{provider.instructions}</p>
            )}
            {!requiresShipping && (
              <div className="co-billing">
                <h3 className="co-subhead">Billing address</h3>
                <AddressFields
                  prefix="billingAddress"
                  value={draft.billing}
                  errors={errors}
                  countries={[]}
                  onChange={(billing: AddressDraft) => update({ billing })}
                  onFieldError={setFieldError}
                />
              </div>
            )}
            {requiresShipping && (
              <div className="co-billing">
                <label className="co-check">
                  <input
                    type="checkbox"
                    checked={draft.billingSame}
                    onChange={(e) => update({ billingSame: e.target.checked })}
                  />
                  Billing address same as shipping
                </label>
                {!draft.billingSame && (
                  <AddressFields
                    prefix="billingAddress"
                    value={draft.billing}
                    errors={errors}
                    countries={[]}
                    onChange={(billing: AddressDraft) => update({ billing })}
                    onFieldError={setFieldError}
                  />
                )}
              </div>
            )}
          </>
        );
      case 'review':
        return null;
    }
  };

  return (
    <div className="co-checkout" ref={rootRef} aria-busy={busy || placing || undefined}>
      {quote.testMode && (
        <p className="co-test-banner">
          <span className="co-badge">Test mode</span> No real payment is taken.
        </p>
      )}
      <div className="co-layout">
        <div className="co-steps">
          {steps.map((s, i) => {
            const state = stepState(s);
            return (
              <section key={s} className="co-step" data-step={s} data-state={state}>
                <div className="co-step-head">
                  <h2 tabIndex={-1} id={`co-step-${s}`}>
                    <span className="co-step-num" aria-hidden="true">
                      {i + 1}
                    </span>
                    {STEP_TITLES[s]}
                  </h2>
                  {state === 'done' && !placing && (
                    <button
                      type="button"
                      className="co-edit"
                      aria-label={`Edit ${STEP_TITLES[s].toLowerCase()}`}
                      onClick={() => openStep(s)}
                    >
                      Edit
                    </button>
                  )}
                </div>
                {state === 'done' && summaries[s] && (
                  <p className="co-step-summary">{summaries[s]}</p>
                )}
                {state === 'current' && s !== 'review' && (
                  <form
                    noValidate
                    onSubmit={(e) => void continueFrom(e, s)}
                    aria-labelledby={`co-step-${s}`}
                  >
                    {body(s)}
                    <button type="submit" className="co-primary" disabled={busy}>
                      Continue
                    </button>
                  </form>
                )}
                {state === 'current' && s === 'review' && (
                  <div className="co-review">
                    <dl className="co-review-list">
                      {steps
                        .filter((x) => x !== 'review' && summaries[x])
                        .map((x) => (
                          <div key={x}>
                            <dt>{STEP_TITLES[x]}</dt>
                            <dd>{summaries[x]}</dd>
                          </div>
                        ))}
                      {totals && (
                        <div className="co-review-total">
                          <dt>Total</dt>
                          <dd>{money(totals.grandTotal)}</dd>
                        </div>
                      )}
                    </dl>
                    {belowMinimum && <p className="co-error co-minimum">{belowMinimum}</p>}
                    <button
                      type="button"
                      className="co-primary co-place"
                      disabled={placing || busy || belowMinimum !== null}
                      aria-disabled={placing || undefined}
                      onClick={() => void placeOrder()}
                    >
                      {placing ? 'Placing order…' : AddressLabels.placeOrder}
                    </button>
                  </div>
                )}
              </section>
            );
          })}
          <div
            className={failure?.spokenOnly ? 'co-sr' : 'co-alert'}
            role="alert"
            aria-live="assertive"
            aria-atomic="true"
          >
            {failure && (
              <>
                <p>{failure.message}</p>
                {failure.lines && failure.lines.length > 0 && (
                  <>
                    <ul>
                      {failure.lines.map((l) => (
                        <li key={l}>{l}</li>
                      ))}
                    </ul>
                    <a className="co-link" href="/cart">
                      Change your cart
                    </a>
                  </>
                )}
              </>
            )}
          </div>
        </div>
        <OrderSummary
          entries={cart.entries}
          totals={totals ?? null}
          shippingChosen={done.has('delivery') || !requiresShipping}
          cartSubtotal={cart.subtotalCents}
          money={money}
        />
      </div>
    </div>
  );
}

function isStepKey(step: StepId, key: string): boolean {
  if (step === 'contact') return key === 'email';
  if (step === 'address') return key.startsWith('shippingAddress.');
  if (step === 'delivery') return key === 'shippingOptionId';
  if (step === 'payment') return key.startsWith('payment.') || key.startsWith('billingAddress.');
  return false;
}

function addressLine(a: AddressDraft): string {
  const format = countryFormat(a.country);
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.line1,
    a.line2,
    [a.city, a.region, a.postalCode].filter(Boolean).join(' '),
    format.name,
  ]
    .filter(Boolean)
    .join(', ');
}
