import { useEffect, useRef, useState } from 'react';
import type { StripeIntentResponse } from '../../../shared/checkout/api.js';
import type { CheckoutTexts } from '../../../shared/checkout/checkout-texts.js';
import { fieldId } from './address-fields.js';

/** The part of Stripe.js (https://js.stripe.com/v3) the checkout uses. */
interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeElements {
  create(type: 'payment'): StripePaymentElement;
}
interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}
type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

const scripts = new Map<string, Promise<StripeFactory>>();

/**
 * Stripe.js, added to the page once, when the checkout first shows the card form: never in our
 * bundle (Stripe asks sites to load it from its host, and it would not fit the page budget) and
 * never on any other page. A failed load is forgotten, so trying again loads it again.
 */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const ready = (window as { Stripe?: StripeFactory }).Stripe;
  if (ready) return Promise.resolve(ready);
  let load = scripts.get(url);
  if (!load) {
    load = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const factory = (window as { Stripe?: StripeFactory }).Stripe;
        if (factory) resolve(factory);
        else reject(new Error('Stripe.js did not define Stripe'));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(`Stripe.js did not load from ${url}`));
      };
      document.head.appendChild(script);
    });
    load.catch(() => scripts.delete(url));
    scripts.set(url, load);
  }
  return load;
}

/** What the page asks of the mounted card form when the shopper places the order. */
export interface StripeCardHandle {
  /** Confirms the PaymentIntent with the card typed; Stripe's message when it refuses. */
  confirm(): Promise<{ error: string | null }>;
}

export interface StripeCardProps {
  intent: StripeIntentResponse;
  /** The site's language (Stripe words its form in it). */
  language: string;
  texts: CheckoutTexts;
  /** The card's error, in the page's language; shown under the form. */
  error: string | undefined;
  /** Set while the form is mounted, null once it is gone. */
  handle: { current: StripeCardHandle | null };
}

/**
 * Stripe's Payment Element for `intent`, made again when the intent changes (a new total): the
 * card details go from the shopper straight to Stripe, never through our server.
 */
export function StripeCard({ intent, language, texts, error, handle }: StripeCardProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let element: StripePaymentElement | null = null;
    let gone = false;
    setState('loading');
    loadStripeJs(intent.jsUrl)
      .then((Stripe) => {
        if (gone || !mountRef.current) return;
        const stripe = Stripe(intent.publishableKey, {
          locale: language.split(/[-_]/, 1)[0] || 'auto',
        });
        const elements = stripe.elements({ clientSecret: intent.clientSecret });
        element = elements.create('payment');
        element.mount(mountRef.current);
        handle.current = {
          async confirm() {
            const result = await stripe.confirmPayment({ elements, redirect: 'if_required' });
            return {
              error: result.error ? (result.error.message ?? texts.stripeUnavailable) : null,
            };
          },
        };
        setState('ready');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      handle.current = null;
      element?.destroy();
    };
  }, [intent.clientSecret, intent.jsUrl, intent.publishableKey, attempt]);

  const id = fieldId('payment.token');
  return (
    <div className="co-stripe">
      <div
        ref={mountRef}
        id={id}
        className="co-stripe-mount"
        aria-describedby={error ? `${id}-error` : undefined}
        hidden={state === 'failed'}
      />
      {state === 'loading' && <p className="co-hint">{texts.stripeLoading}</p>}
      {state === 'failed' && (
        <p className="co-error" role="alert">
          {texts.stripeUnavailable}{' '}
          <button type="button" className="co-edit" onClick={() => setAttempt((n) => n + 1)}>
            {texts.tryAgain}
          </button>
        </p>
      )}
      {error && (
        <p className="co-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
