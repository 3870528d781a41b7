import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  STRIPE_INTENT_PATH,
  type CheckoutFieldErrors,
  type PlaceOrderResponse,
  type QuoteResponse,
  type StripeIntentResponse,
} from '../../../shared/checkout/api.js';
import { addressLines } from '../../../shared/checkout/address-rules.js';
import { checkoutTexts, localizeMessage } from '../../../shared/checkout/checkout-texts.js';
import { Messages, type ErrorCode } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import { apiFetch, ApiError } from '../../lib/api.js';
import { useMessages } from '../use-message.js';
import { hasCookie } from '../../lib/cookies.js';
import { SITE_USER_COOKIE } from '../../../shared/wire-names.js';
import { CUSTOMER_ME_PATH, type CustomerMe } from '../../../shared/customers/api.js';
import type { CartJson } from '../cart/cart-json.js';
import { cartStore, type CartStatus, type CartStore } from '../cart/store.js';
import { useCart } from '../cart/use-cart.js';
import { AddressFields, Field } from './address-fields.js';
import { ChoiceList } from './choice-list.js';
import { normalizeGiftCardCode } from '../../../shared/checkout/gift-card-code.js';
import {
  applyCode,
  billingOf,
  cardDigits,
  confirmationUrl,
  defaultCountry,
  dropInvalidCodes,
  emptyAddress,
  emptyDraft,
  fieldErrorsOf,
  firstStepWithError,
  nextStep,
  nothingToPay,
  placeOrderRequest,
  quoteRequestFor,
  shortLinesOf,
  shortLineText,
  stepsFor,
  validateAll,
  validateStep,
  type AddressDraft,
  type CheckoutDraft,
  type StepId,
} from './checkout-steps.js';
import { CodeField, type AppliedCode } from './code-field.js';
import { OrderSummary } from './order-summary.js';
import { PaymentStep, providerLabel } from './payment-step.js';
import { LazyStripeCard } from './lazy-stripe-card.js';
import type { StripeCardHandle } from './stripe-card.js';

export const QUOTE_PATH = '/api/commerce/checkout/quote';
export const ORDERS_PATH = '/api/commerce/orders';
export const SUBSCRIPTION_QUOTE_PATH = '/api/commerce/subscriptions/quote';
export const SUBSCRIPTIONS_PATH = '/api/commerce/subscriptions';
export const SUBSCRIPTION_INTENT_PATH = '/api/commerce/subscriptions/stripe-intent';

/**
 * The subscription checkout (/checkout/subscribe, issue 15): the same steps pay a subscription
 * cart. Its one line comes with the page (no cookie cart); quotes and the placement name the
 * cart token; the button says Subscribe; success opens the subscription confirmed page.
 */
export interface SubscriptionCheckout {
  cartToken: string;
  /** SPEC 9.2's phrase ('$20.00 every month'). */
  planPhrase: string;
  cart: CartJson;
}

// Typed against the registry but plain strings: a value import of `ErrorCode` would pull the whole
// registry (statuses and docs) into every island's bundle (eslint forbids it in src/browser).
const PAYMENT_ACTION_REQUIRED: ErrorCode = 'PAYMENT_ACTION_REQUIRED';
const PAYMENT_DECLINED: ErrorCode = 'PAYMENT_DECLINED';

export interface CheckoutPageProps {
  locale?: string;
  currency?: string;
  /** Tests pass their own store and navigation; pages use the shared store and `location`. */
  store?: CartStore;
  navigate?: (url: string) => void;
  subscription?: SubscriptionCheckout;
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
 * unless unticked) → shipping method → payment → review and 'Place Order', on one page, in the
 * site's language (`checkoutTexts`). Each finished step folds into a summary with an Edit button.
 * The server quotes the totals again after every step; the cart comes from the cart store, never
 * from the HTML. A cart with nothing to ship asks only for the email and the payment.
 *
 * Stripe: the review step shows Stripe's card form (Stripe.js, loaded only then) for a
 * PaymentIntent of the quoted total. 'Place Order' sends the order with the intent's id; the
 * server checks everything and answers PAYMENT_ACTION_REQUIRED (keeping the request, so Stripe's
 * webhook can finish it if the page goes away); the page confirms the card with Stripe
 * (`confirmPayment`, 3-D Secure included) and sends the same request again, which the server
 * verifies with Stripe before it records the order.
 */
export default function CheckoutPage({
  locale = 'en-US',
  currency = 'USD',
  store = cartStore,
  navigate = (url) => window.location.assign(url),
  subscription,
}: CheckoutPageProps) {
  const texts = checkoutTexts(locale);
  const live = useCart(store);
  const { status, cart } = subscription
    ? { status: 'ready' as CartStatus, cart: subscription.cart }
    : live;
  const quotePath = subscription ? SUBSCRIPTION_QUOTE_PATH : QUOTE_PATH;
  const withToken = <T extends object>(body: T) =>
    subscription ? { cartToken: subscription.cartToken, ...body } : body;
  const [quote, setQuote] = useState<QuoteResponse | null>(null);
  const [quoteFailed, setQuoteFailed] = useState<string | null>(null);
  const [draft, setDraft] = useState<CheckoutDraft>(() => emptyDraft('US'));
  const [step, setStep] = useState<StepId>('contact');
  const [done, setDone] = useState<ReadonlySet<StepId>>(new Set());
  const [errors, setErrors] = useState<CheckoutFieldErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [intent, setIntent] = useState<StripeIntentResponse | null>(null);
  const [intentFailed, setIntentFailed] = useState<string | null>(null);
  /** Why the codes last applied do not apply (the quote's reasons), shown under the field. */
  const [codeNotes, setCodeNotes] = useState<string[]>([]);
  /** Bumped to move focus after a render: to the first invalid field, else the open step. */
  const [focusTick, setFocusTick] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const quoteSeq = useRef(0);
  const intentSeq = useRef(0);
  const placeKey = useRef<string | null>(null);
  const placingRef = useRef(false);
  const card = useRef<StripeCardHandle | null>(null);

  const money = (minor: number) => formatMoney(minor, quote?.totals.currency ?? currency, locale);
  // What the server and the rules say stays English in state; it is shown in the page's language
  // (the registry's table is fetched the first time one shows: '' until then).
  const messages = useMessages();
  const say = (message: string) => localizeMessage(texts, message, messages.say);
  const shownErrors: CheckoutFieldErrors = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, say(v)]),
  );
  const requiresShipping = quote?.requiresShipping ?? true;
  const steps = stepsFor(requiresShipping);
  const hasCart = !!cart && cart.entries.length > 0;

  const requote = async (d: CheckoutDraft, addressDone: boolean): Promise<QuoteResponse | null> => {
    const seq = ++quoteSeq.current;
    setBusy(true);
    try {
      const q = await apiFetch<QuoteResponse>(quotePath, {
        method: 'POST',
        json: withToken(quoteRequestFor(d, quote?.requiresShipping ?? true, addressDone)),
      });
      if (seq !== quoteSeq.current) return null;
      setQuote(q);
      setQuoteFailed(null);
      // A code that does not apply leaves the draft (it would refuse the order); its reason stays.
      const reasons = [...q.invalidCoupons, ...q.invalidGiftCards].map((c) => c.reason);
      if (reasons.length) {
        setCodeNotes(reasons);
        setDraft((cur) => dropInvalidCodes(cur, q));
      }
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
    // The code applied on the cart page comes along (issue 15).
    const stored = cart.coupons?.[0];
    const first = stored ? { ...draft, ...applyCode(draft, stored) } : draft;
    if (first !== draft) setDraft(first);
    void requote(first, false).then((q) => {
      if (!q) return;
      const country = defaultCountry(q.shipsTo);
      setDraft((d) => ({
        ...d,
        // A signed-in customer's saved address keeps its own country.
        shipping: { ...d.shipping, country: d.shipping.line1 ? d.shipping.country : country },
        billing: { ...d.billing, country },
        provider: d.provider ?? q.paymentProviders[0]?.id ?? null,
        shippingOptionId: d.shippingOptionId ?? q.selectedShippingOptionId,
      }));
    });
  }, [hasCart]);

  // Issue 14: a signed-in customer starts with their email and default address filled in (only
  // into empty fields: nothing the shopper typed is replaced).
  useEffect(() => {
    if (subscription || !hasCookie(SITE_USER_COOKIE)) return;
    apiFetch<CustomerMe>(CUSTOMER_ME_PATH)
      .then((me) =>
        setDraft((d) => ({
          ...d,
          email: d.email || me.email,
          shipping:
            me.defaultAddress && !d.shipping.line1
              ? { ...emptyAddress(me.defaultAddress.country), ...me.defaultAddress }
              : d.shipping,
        })),
      )
      .catch(() => undefined);
  }, []);

  // Stripe's card form needs a PaymentIntent for the total being paid: asked for when the
  // review step opens with Stripe chosen, and again whenever the total changes.
  const free = nothingToPay(quote);
  const wantsCard = step === 'review' && draft.provider === 'stripe' && !!quote && !free;
  const total = quote?.totals.grandTotal;
  useEffect(() => {
    if (!wantsCard || (intent && intent.amount === total)) return;
    const seq = ++intentSeq.current;
    setIntentFailed(null);
    // A subscription's intent keeps the card for its renewals (its own route, by cart token).
    apiFetch<StripeIntentResponse>(subscription ? SUBSCRIPTION_INTENT_PATH : STRIPE_INTENT_PATH, {
      method: 'POST',
      json: withToken(quoteRequestFor(draft, requiresShipping, true)),
    })
      .then((i) => seq === intentSeq.current && setIntent(i))
      .catch((err: Error) => seq === intentSeq.current && setIntentFailed(err.message));
  }, [wantsCard, total, intent]);

  // Once per tick, when the errors shown have their texts (a screen reader reads them on focus).
  const focusedTick = useRef(0);
  useEffect(() => {
    if (!focusTick || focusedTick.current === focusTick || messages.waiting()) return;
    focusedTick.current = focusTick;
    const root = rootRef.current;
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>('.co-step[data-state="current"] h2');
    target?.focus();
  });

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

  /** POST /api/commerce/orders with this attempt's key; the order, or the ApiError. */
  const sendOrder = async (): Promise<
    (PlaceOrderResponse & { confirmedUrl?: string }) | ApiError
  > => {
    // One key per attempt; a retry after no answer reuses it, so the server gives the first
    // order back instead of placing a second. (A subscription is one per cart token anyway.)
    placeKey.current ??= newKey();
    try {
      return await apiFetch<PlaceOrderResponse & { confirmedUrl?: string }>(
        subscription ? SUBSCRIPTIONS_PATH : ORDERS_PATH,
        {
          method: 'POST',
          json: withToken(
            placeOrderRequest(draft, requiresShipping, intent?.paymentIntentId, free),
          ),
          idempotencyKey: placeKey.current,
        },
      );
    } catch (err) {
      return err as ApiError;
    }
  };

  const placeOrder = async () => {
    if (!quote || placingRef.current) return;
    const all = validateAll(steps, draft, quote);
    if (Object.keys(all).length) {
      setErrors(all);
      openStep(firstStepWithError(steps, all) ?? 'contact');
      return;
    }
    const stripe = draft.provider === 'stripe' && !free;
    if (stripe && (!intent || !card.current)) return;
    placingRef.current = true;
    setPlacing(true);
    setFailure(null);
    setFieldError('payment.token', null);
    let res = await sendOrder();
    // Stripe: the server found everything in order and kept the request; now the card.
    if (stripe && res instanceof ApiError && res.code === PAYMENT_ACTION_REQUIRED) {
      const confirmed = await (card.current?.confirm() ?? { error: texts.stripeUnavailable });
      res = confirmed.error
        ? new ApiError(402, PAYMENT_DECLINED, confirmed.error)
        : await sendOrder();
    }
    if (!(res instanceof ApiError)) {
      if (subscription && res.confirmedUrl) {
        navigate(res.confirmedUrl);
        return;
      }
      store.clear();
      navigate(confirmationUrl(res.order));
      return;
    }
    // A refused request gets a new key next time; no answer keeps it (the order may exist).
    // Stripe's confirmation keeps it too: the webhook finishes under the same key.
    if (res.status !== 0 && res.code !== PAYMENT_ACTION_REQUIRED) {
      placeKey.current = null;
    }
    showPlaceFailure(res, stripe);
    placingRef.current = false;
    setPlacing(false);
  };

  const showPlaceFailure = (err: ApiError, stripe: boolean) => {
    const message = err.message;
    if (err.code === 'CHECKOUT_FIELDS_INVALID') {
      const fe = fieldErrorsOf(err.body);
      setErrors(fe);
      setFailure({ message });
      openStep(firstStepWithError(steps, fe) ?? 'review', true);
    } else if (err.code === 'PAYMENT_DECLINED' && stripe) {
      // Beside Stripe's card form, on this step; a total that changed gets a new intent.
      setErrors((e) => ({ ...e, 'payment.token': message }));
      setFailure({ message, spokenOnly: true });
      if (err.message === Messages.PAYMENT_TOTAL_CHANGED) setIntent(null);
    } else if (err.code === 'PAYMENT_DECLINED') {
      // The provider's message, beside the card; everything typed stays.
      setErrors({ 'payment.token': message });
      setFailure({ message, spokenOnly: true });
      openStep('payment', true);
    } else if (
      err.code === 'DISCOUNT_UNAVAILABLE' ||
      err.code === 'GIFT_CARD_BALANCE_CHANGED' ||
      err.code === 'GIFT_CARD_INVALID'
    ) {
      // A limit was reached or a balance fell meanwhile: the new quote says which, and why.
      setFailure({ message });
      void requote(draft, done.has('address'));
    } else if (err.code === 'OUT_OF_STOCK') {
      setFailure({
        message,
        lines: shortLinesOf(err.body).map((l) => shortLineText(l, texts)),
      });
      void store.load().catch(() => undefined);
      setFocusTick((t) => t + 1);
    } else {
      setFailure({ message });
    }
  };

  const loading = status === 'idle' || (status === 'loading' && !cart);
  const totals = quote?.totals;
  const belowMinimum =
    !!quote && quote.minimumSubtotal > 0 && quote.totals.subtotal < quote.minimumSubtotal
      ? texts.minimumSubtotal(money(quote.minimumSubtotal))
      : null;

  if (loading || (hasCart && !quote && !quoteFailed)) {
    return (
      <div className="co-checkout" aria-busy="true">
        <p className="co-loading">{texts.loading}</p>
      </div>
    );
  }
  if (!hasCart) {
    return (
      <div className="co-checkout">
        <p className="co-empty">{texts.cartEmpty}</p>
        <p>
          <a className="co-link" href="/cart">
            {texts.backToCart}
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
              {say(quoteFailed ?? '')}
            </p>
            <button
              type="button"
              className="co-secondary"
              onClick={() => void requote(draft, false)}
            >
              {texts.tryAgain}
            </button>
          </div>
          <OrderSummary
            entries={cart.entries}
            totals={null}
            shippingChosen={false}
            cartSubtotal={cart.subtotalCents}
            money={money}
            texts={texts}
            plan={subscription?.planPhrase}
          />
        </div>
      </div>
    );
  }

  const provider = quote.paymentProviders.find((p) => p.id === draft.provider);
  const stepState = (s: StepId) => (s === step ? 'current' : done.has(s) ? 'done' : 'todo');
  const addressText = (a: AddressDraft) =>
    addressLines(
      { ...a, firstName: '', lastName: texts.fullName(a.firstName.trim(), a.lastName.trim()) },
      locale,
    ).join(texts.addressSeparator);
  const cardReady = free || draft.provider !== 'stripe' || (!!intent && intent.amount === total);

  /** The code field's Apply: true when the code applies (the field empties). */
  const applyText = async (text: string): Promise<boolean> => {
    const patch = applyCode(draft, text);
    if (!patch) return true;
    const next = { ...draft, ...patch };
    setDraft(next);
    setCodeNotes([]);
    const q = await requote(next, done.has('address'));
    if (!q) return false;
    // A discount code that applies is saved onto the cart too (the /cart page's PUT, its rules),
    // so a reload or going back to the cart keeps it.
    if (patch.couponCode && !q.invalidCoupons.length && !subscription) saveCoupon(patch.couponCode);
    // A code that does not apply leaves the one applied before in place (its reason is shown).
    if (q.invalidCoupons.length && patch.couponCode && draft.couponCode) {
      const back = { ...next, couponCode: draft.couponCode };
      setDraft(back);
      await requote(back, done.has('address'));
    }
    return q.invalidCoupons.length === 0 && q.invalidGiftCards.length === 0;
  };
  const saveCoupon = (code: string | null) => {
    // Best effort: the order carries its code either way; a cart gone meanwhile changes nothing.
    void store.setCoupon(code).catch(() => undefined);
  };
  const removeCodes = (patch: Partial<CheckoutDraft>) => {
    if (patch.couponCode === '' && !subscription) saveCoupon(null);
    const next = { ...draft, ...patch };
    setDraft(next);
    setCodeNotes([]);
    void requote(next, done.has('address'));
  };
  const applied: AppliedCode[] = [
    ...(draft.couponCode
      ? [
          {
            label: quote.validCoupons[0]?.code ?? draft.couponCode,
            onRemove: () => removeCodes({ couponCode: '' }),
          },
        ]
      : []),
    ...draft.giftCardCodes.map((code) => ({
      label: texts.giftCardEnding(normalizeGiftCardCode(code).slice(-4)),
      onRemove: () => removeCodes({ giftCardCodes: draft.giftCardCodes.filter((c) => c !== code) }),
    })),
  ];

  const summaries: Record<StepId, string> = {
    contact: draft.email,
    address: addressText(draft.shipping),
    delivery: quote.shippingOptions.find((o) => o.id === draft.shippingOptionId)?.name ?? '',
    payment: free
      ? texts.nothingToPay
      : [
          provider
            ? provider.id === 'test'
              ? `${providerLabel(texts, provider)} · •••• ${cardDigits(draft.cardNumber).slice(-4)}`
              : providerLabel(texts, provider)
            : '',
          billingOf(draft, requiresShipping)
            ? texts.billingSummary(addressText(draft.billing))
            : '',
        ]
          .filter(Boolean)
          .join(' · '),
    review: '',
  };

  const body = (s: StepId) => {
    switch (s) {
      case 'contact':
        return (
          <Field name="email" label={texts.labels.email} errors={shownErrors}>
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
            errors={shownErrors}
            countries={quote.shipsTo}
            onChange={(shipping) => update({ shipping })}
            onFieldError={setFieldError}
            texts={texts}
            language={locale}
          />
        );
      case 'delivery':
        return (
          <ChoiceList
            legend={texts.steps.delivery}
            name="co-shipping"
            path="shippingOptionId"
            options={quote.shippingOptions}
            chosen={draft.shippingOptionId}
            errors={shownErrors}
            onChoose={chooseShipping}
            before={
              quote.shippingOptions.length === 0 && (
                <p className="co-error">{texts.noShippingToAddress}</p>
              )
            }
            renderOption={(o) => (
              <>
                <span className="co-choice-text">
                  <span className="co-choice-name">{o.name}</span>
                  {o.description && <span className="co-hint">{o.description}</span>}
                </span>
                <span className="co-choice-amount">
                  {o.amount === 0 ? texts.free : money(o.amount)}
                </span>
              </>
            )}
          />
        );
      case 'payment':
        if (free) return <p className="co-free-note">{texts.nothingToPay}</p>;
        return (
          <PaymentStep
            quote={quote}
            draft={draft}
            errors={shownErrors}
            texts={texts}
            language={locale}
            update={update}
            setFieldError={setFieldError}
          />
        );
      case 'review':
        return null;
    }
  };

  return (
    <div className="co-checkout" ref={rootRef} aria-busy={busy || placing || undefined}>
      {quote.testMode && (
        <p className="co-test-banner">
          <span className="co-badge">{texts.testBadge}</span> {texts.testBanner}
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
                    {texts.steps[s]}
                  </h2>
                  {state === 'done' && !placing && (
                    <button
                      type="button"
                      className="co-edit"
                      aria-label={texts.editStep(texts.steps[s])}
                      onClick={() => openStep(s)}
                    >
                      {texts.edit}
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
                      {texts.continueText}
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
                            <dt>{texts.steps[x]}</dt>
                            <dd>{summaries[x]}</dd>
                          </div>
                        ))}
                      {totals && (
                        <div className="co-review-total">
                          <dt>{texts.total}</dt>
                          <dd>{money(totals.grandTotal)}</dd>
                        </div>
                      )}
                      {subscription && (
                        <div className="co-review-plan">
                          <dt>{texts.subscription.plan}</dt>
                          <dd>{subscription.planPhrase}</dd>
                        </div>
                      )}
                    </dl>
                    {draft.provider === 'stripe' && !free && (
                      <div className="co-card">
                        <h3 className="co-subhead">{texts.cardDetails}</h3>
                        {intent && intent.amount === total ? (
                          <LazyStripeCard
                            intent={intent}
                            language={locale}
                            texts={texts}
                            error={shownErrors['payment.token']}
                            handle={card}
                          />
                        ) : intentFailed ? (
                          <p className="co-error" role="alert">
                            {say(intentFailed)}{' '}
                            <button
                              type="button"
                              className="co-edit"
                              onClick={() => setIntent(null)}
                            >
                              {texts.tryAgain}
                            </button>
                          </p>
                        ) : (
                          <p className="co-hint">{texts.stripeLoading}</p>
                        )}
                      </div>
                    )}
                    {belowMinimum && <p className="co-error co-minimum">{belowMinimum}</p>}
                    <button
                      type="button"
                      className="co-primary co-place"
                      disabled={placing || busy || belowMinimum !== null || !cardReady}
                      aria-disabled={placing || undefined}
                      onClick={() => void placeOrder()}
                    >
                      {subscription
                        ? placing
                          ? texts.subscription.subscribing
                          : texts.subscription.subscribe
                        : placing
                          ? texts.placing
                          : texts.labels.placeOrder}
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
                <p>{say(failure.message)}</p>
                {failure.lines && failure.lines.length > 0 && (
                  <>
                    <ul>
                      {failure.lines.map((l) => (
                        <li key={l}>{l}</li>
                      ))}
                    </ul>
                    <a className="co-link" href="/cart">
                      {texts.changeCart}
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
          // The quote's totals include the option it selected (the first, until the shopper
          // picks): the shipping row shows that amount, never 'Calculated at next step' beside
          // a total that already holds it.
          shippingChosen={!requiresShipping || Boolean(quote?.selectedShippingOptionId)}
          cartSubtotal={cart.subtotalCents}
          money={money}
          texts={texts}
          plan={subscription?.planPhrase}
          discountLines={quote.discountLines}
          giftCardLines={quote.giftCardLines}
          // Subscriptions take no codes (their quote has none): issue 15 prices them per period.
          codes={
            subscription ? undefined : (
              <CodeField
                texts={texts}
                busy={busy || placing}
                applied={applied}
                notes={codeNotes.map(say)}
                onApply={applyText}
              />
            )
          }
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
