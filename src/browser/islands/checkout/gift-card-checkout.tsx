import { useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  CheckoutFieldErrors,
  PlaceOrderResponse,
  StripeIntentResponse,
} from '../../../shared/checkout/api.js';
import { checkoutTexts, localizeMessage } from '../../../shared/checkout/checkout-texts.js';
import {
  giftCardPurchaseErrors,
  GIFT_CARD_LIMITS,
  GIFT_CARD_STRIPE_INTENT_PATH,
  type GiftCardPageProps,
  type GiftCardPurchaseRequest,
} from '../../../shared/checkout/gift-cards.js';
import { giftCardPageTexts } from '../../../shared/checkout/gift-card-page-texts.js';
import { formatMoney } from '../../../shared/money.js';
import { Messages, type ErrorCode } from '../../../shared/errors.js';
import { apiFetch, ApiError } from '../../lib/api.js';
import { AlertDialog, type AlertState } from '../product/alert-dialog.js';
import { useMessages } from '../use-message.js';
import { Field } from './address-fields.js';
import { ChoiceList } from './choice-list.js';
import {
  confirmationUrl,
  emptyDraft,
  fieldErrorsOf,
  testCardToken,
  validateStep,
  type CheckoutDraft,
} from './checkout-steps.js';
import { PaymentStep } from './payment-step.js';
import { LazyStripeCard } from './lazy-stripe-card.js';
import type { StripeCardHandle } from './stripe-card.js';

// Plain strings typed against the registry (a value import of ErrorCode would bundle it).
const PAYMENT_ACTION_REQUIRED: ErrorCode = 'PAYMENT_ACTION_REQUIRED';

export const GIFT_CARD_ORDERS_PATH = '/api/commerce/gift-card-orders';

export type GiftCardCheckoutProps = Partial<
  Pick<GiftCardPageProps, 'locale' | 'currency' | 'sku'>
> &
  Omit<GiftCardPageProps, 'locale' | 'currency' | 'sku'> & {
    navigate?: (url: string) => void;
  };

interface GiftDraft {
  sku: string | null;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string;
  senderName: string;
  email: string;
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The field keys the payment part answers under (its own errors come from validateStep). */
const NO_SHIPPING = { shipsTo: [], requiresShipping: false, shippingOptions: [] };

/**
 * /checkout/giftcard (SPEC 2): the denomination, the recipient, a message and a send date, the
 * buyer, and the checkout's own payment step; 'Buy' sends one request
 * (POST /api/commerce/gift-card-orders) and goes to the order confirmed page. Field errors show
 * beside their fields; anything else in the gift card's alert (SPEC 2.2 'Unable to purchase
 * Gift Card').
 *
 * Stripe: choosing the card shows Stripe's card form for a PaymentIntent of the chosen amount,
 * made for this checkout's private cart (named by the page's Idempotency-Key, kept while the
 * intent lives). 'Buy' sends the purchase with the intent's id; the server checks everything and
 * keeps the recipient's details with the checkout (PAYMENT_ACTION_REQUIRED); the page confirms the
 * card with Stripe and sends the same request again — or Stripe's webhook finishes it if the page
 * went away meanwhile.
 */
export default function GiftCardCheckout({
  locale = 'en-US',
  currency = 'USD',
  productId,
  title,
  denominations,
  sku = null,
  providers,
  testMode,
  today,
  navigate = (url) => window.location.assign(url),
}: GiftCardCheckoutProps) {
  const t = giftCardPageTexts(locale);
  const ct = checkoutTexts(locale);
  const [gift, setGift] = useState<GiftDraft>({
    sku: denominations.some((d) => d.sku === sku) ? sku : (denominations[0]?.sku ?? null),
    recipientName: '',
    recipientEmail: '',
    message: '',
    sendOn: today,
    senderName: '',
    email: '',
  });
  const [pay, setPay] = useState<CheckoutDraft>(() => ({
    ...emptyDraft('US'),
    provider: providers[0]?.id ?? null,
  }));
  const [errors, setErrors] = useState<CheckoutFieldErrors>({});
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [placing, setPlacing] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const key = useRef<string | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const [intent, setIntent] = useState<StripeIntentResponse | null>(null);
  const [intentFailed, setIntentFailed] = useState<string | null>(null);
  const intentSeq = useRef(0);
  const card = useRef<StripeCardHandle | null>(null);

  const money = (minor: number) => formatMoney(minor, currency, locale);
  // Errors stay English in state and show in the page's language (see checkout-page.tsx).
  const messages = useMessages();
  const say = (m: string) => localizeMessage(ct, m, messages.say);
  const shownErrors: CheckoutFieldErrors = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, say(v)]),
  );
  const chosen = denominations.find((d) => d.sku === gift.sku);
  const quote = { paymentProviders: providers, requiresShipping: false };

  // Once per tick, when the errors shown have their texts.
  const focusedTick = useRef(0);
  useEffect(() => {
    if (!focusTick || focusedTick.current === focusTick || messages.waiting()) return;
    focusedTick.current = focusTick;
    rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  // Stripe's card form needs a PaymentIntent for the amount chosen: asked for when the card is
  // chosen, and again when the denomination changes. Its key stays with it (the intent's cart).
  const wantsCard = pay.provider === 'stripe' && !!chosen;
  useEffect(() => {
    if (!wantsCard || !chosen || (intent && intent.amount === chosen.amount)) return;
    const seq = ++intentSeq.current;
    setIntentFailed(null);
    key.current ??= newKey();
    apiFetch<StripeIntentResponse>(GIFT_CARD_STRIPE_INTENT_PATH, {
      method: 'POST',
      json: { giftCardProductId: productId, sku: chosen.sku },
      idempotencyKey: key.current,
    })
      .then((i) => seq === intentSeq.current && setIntent(i))
      .catch((err: Error) => seq === intentSeq.current && setIntentFailed(err.message));
  }, [wantsCard, chosen?.sku, intent]);

  const setField = (patch: Partial<GiftDraft>) => {
    setGift((g) => ({ ...g, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };
  const setFieldError = (k: string, message: string | null) =>
    setErrors((e) => {
      const next = { ...e };
      if (message) next[k] = message;
      else delete next[k];
      return next;
    });

  const request = (): GiftCardPurchaseRequest => ({
    giftCardProductId: productId,
    sku: gift.sku ?? '',
    email: gift.email.trim(),
    senderName: gift.senderName.trim(),
    recipientName: gift.recipientName.trim(),
    recipientEmail: gift.recipientEmail.trim(),
    message: gift.message.trim(),
    sendOn: gift.sendOn,
    // The test card's token, or the PaymentIntent Stripe's card form confirms.
    payment:
      pay.provider === 'test' || !pay.provider
        ? { provider: 'test', token: testCardToken(pay.cardNumber) ?? '' }
        : pay.provider === 'stripe'
          ? { provider: 'stripe', token: intent?.paymentIntentId ?? '' }
          : { provider: pay.provider },
  });

  const buy = async (e: FormEvent) => {
    e.preventDefault();
    if (placing) return;
    const body = request();
    const found = {
      ...giftCardPurchaseErrors(body, today),
      ...validateStep('payment', pay, NO_SHIPPING),
    };
    if (Object.keys(found).length) {
      setErrors(found);
      setFocusTick((n) => n + 1);
      return;
    }
    const stripe = pay.provider === 'stripe';
    if (stripe && (!intent || !card.current || intent.amount !== chosen?.amount)) return;
    setPlacing(true);
    key.current ??= newKey();
    const send = () =>
      apiFetch<PlaceOrderResponse>(GIFT_CARD_ORDERS_PATH, {
        method: 'POST',
        json: body,
        idempotencyKey: key.current!,
      });
    try {
      let res: PlaceOrderResponse;
      try {
        res = await send();
      } catch (err) {
        // Stripe: everything checked and the recipient kept with the checkout; now the card.
        if (!stripe || (err as ApiError).code !== PAYMENT_ACTION_REQUIRED) throw err;
        const confirmed = await (card.current?.confirm() ?? { error: ct.stripeUnavailable });
        if (confirmed.error) throw new ApiError(402, 'PAYMENT_DECLINED', confirmed.error);
        res = await send();
      }
      navigate(confirmationUrl(res.order));
      return;
    } catch (err) {
      const failure = err as ApiError;
      // A refused request gets a new key next time; no answer keeps it (the order may exist).
      // Stripe's card form keeps it: its intent belongs to the key's cart.
      if (!stripe && (!(failure instanceof ApiError) || failure.status !== 0)) key.current = null;
      const fe = fieldErrorsOf(failure.body);
      if (Object.keys(fe).length) {
        setErrors(fe);
        setFocusTick((n) => n + 1);
      } else if (failure.code === 'PAYMENT_DECLINED') {
        setErrors({ 'payment.token': failure.message });
        if (stripe && failure.message === Messages.PAYMENT_TOTAL_CHANGED) setIntent(null);
        setFocusTick((n) => n + 1);
      } else {
        // The checkout's own wording, or the English for the alert to show in the page's language.
        setAlert({ title: t.alertTitle, message: localizeMessage(ct, failure.message, (m) => m) });
      }
    }
    setPlacing(false);
  };

  const text = (
    name: keyof GiftDraft,
    label: string,
    opts: { type?: string; hint?: string; autoComplete?: string; max?: number } = {},
  ) => (
    <Field name={name} label={label} errors={shownErrors} hint={opts.hint}>
      {(a11y) => (
        <input
          {...a11y}
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          maxLength={opts.max}
          value={gift[name] ?? ''}
          onChange={(e) => setField({ [name]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <form
      className="co-checkout gc-checkout"
      noValidate
      onSubmit={(e) => void buy(e)}
      ref={rootRef}
    >
      {testMode && (
        <p className="co-test-banner">
          <span className="co-badge">{ct.testBadge}</span> {ct.testBanner}
        </p>
      )}
      <div className="co-layout">
        <div className="co-steps">
          <section className="co-step" data-state="current">
            <h2>{t.amount}</h2>
            <ChoiceList
              legend={t.amount}
              name="gc-amount"
              path="sku"
              options={denominations.map((d) => ({ ...d, id: d.sku }))}
              chosen={gift.sku}
              errors={shownErrors}
              onChoose={(id) => setField({ sku: id })}
              renderOption={(d) => (
                <>
                  <span className="co-choice-text">
                    <span className="co-choice-name">{money(d.amount)}</span>
                    {/* A variant named other than by its price ('Holiday edition') says so. */}
                    {!/\d/.test(d.label) && <span className="co-hint">{d.label}</span>}
                  </span>
                </>
              )}
            />
          </section>
          <section className="co-step" data-state="current">
            <h2>{t.recipient}</h2>
            <div className="co-grid gc-fields">
              {text('recipientName', t.recipientName, { autoComplete: 'off', max: 100 })}
              {text('recipientEmail', t.recipientEmail, { type: 'email', autoComplete: 'off' })}
              <Field
                name="message"
                label={t.message}
                errors={shownErrors}
                hint={t.messageHint}
                wide
              >
                {(a11y) => (
                  <textarea
                    {...a11y}
                    rows={3}
                    maxLength={GIFT_CARD_LIMITS.message}
                    value={gift.message}
                    onChange={(e) => setField({ message: e.target.value })}
                  />
                )}
              </Field>
              <Field name="sendOn" label={t.sendOn} errors={shownErrors} hint={t.sendOnHint}>
                {(a11y) => (
                  <input
                    {...a11y}
                    type="date"
                    min={today}
                    value={gift.sendOn}
                    onChange={(e) => setField({ sendOn: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </section>
          <section className="co-step" data-state="current">
            <h2>{t.you}</h2>
            <div className="co-grid gc-fields">
              {text('senderName', t.yourName, { hint: t.yourNameHint, autoComplete: 'name' })}
              {text('email', t.yourEmail, {
                type: 'email',
                hint: t.yourEmailHint,
                autoComplete: 'email',
              })}
            </div>
          </section>
          <section className="co-step" data-state="current">
            <h2>{t.payment}</h2>
            {providers.length ? (
              <PaymentStep
                quote={quote}
                draft={pay}
                errors={shownErrors}
                texts={ct}
                language={locale}
                update={(patch) => setPay((d) => ({ ...d, ...patch }))}
                setFieldError={setFieldError}
                stripeCard={
                  <div className="co-card">
                    <h3 className="co-subhead">{ct.cardDetails}</h3>
                    {intent && intent.amount === chosen?.amount ? (
                      <LazyStripeCard
                        intent={intent}
                        language={locale}
                        texts={ct}
                        error={shownErrors['payment.token']}
                        handle={card}
                      />
                    ) : intentFailed ? (
                      <p className="co-error" role="alert">
                        {say(intentFailed)}{' '}
                        <button type="button" className="co-edit" onClick={() => setIntent(null)}>
                          {ct.tryAgain}
                        </button>
                      </p>
                    ) : (
                      <p className="co-hint">{ct.stripeLoading}</p>
                    )}
                  </div>
                }
              />
            ) : (
              <p className="co-error">{t.noProviders}</p>
            )}
          </section>
        </div>
        <aside className="co-summary gc-summary" aria-label={t.summary}>
          <h2>{t.summary}</h2>
          <div className="gc-card" aria-hidden="true">
            <span className="gc-card-title">{title}</span>
            <span className="gc-card-amount">{chosen ? money(chosen.amount) : ''}</span>
          </div>
          <dl className="co-totals">
            {gift.recipientName.trim() && (
              <div>
                <dt>{t.to(gift.recipientName.trim())}</dt>
                <dd>
                  {gift.sendOn && gift.sendOn !== today ? t.sends(gift.sendOn) : t.sendsToday}
                </dd>
              </div>
            )}
            <div className="co-grand">
              <dt>{t.total}</dt>
              <dd>{chosen ? money(chosen.amount) : '—'}</dd>
            </div>
          </dl>
          <button
            type="submit"
            className="co-primary co-place"
            disabled={
              placing ||
              !providers.length ||
              (pay.provider === 'stripe' && (!intent || intent.amount !== chosen?.amount))
            }
            aria-disabled={placing || undefined}
          >
            {placing ? t.buying : t.buy(chosen ? money(chosen.amount) : '')}
          </button>
        </aside>
      </div>
      <AlertDialog alert={alert} onClose={() => setAlert(null)} />
    </form>
  );
}
