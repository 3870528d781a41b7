import type { ReactNode } from 'react';
import type {
  CheckoutFieldErrors,
  PaymentProviderId,
  QuoteResponse,
} from '../../../shared/checkout/api.js';
import type { CheckoutTexts } from '../../../shared/checkout/checkout-texts.js';
import { AddressFields, Field } from './address-fields.js';
import { ChoiceList } from './choice-list.js';
import { formatCardNumber, type AddressDraft, type CheckoutDraft } from './checkout-steps.js';

/** A provider's name on the page: ours for the test card and Stripe, the owner's for manual. */
export function providerLabel(
  texts: CheckoutTexts,
  p: { id: PaymentProviderId; label: string },
): string {
  return p.id === 'manual' ? p.label : texts.providerLabels[p.id];
}

export interface PaymentStepProps {
  /** What the step reads of the quote (the gift card checkout passes its own). */
  quote: Pick<QuoteResponse, 'paymentProviders' | 'requiresShipping'>;
  draft: CheckoutDraft;
  errors: CheckoutFieldErrors;
  texts: CheckoutTexts;
  language: string;
  update: (patch: Partial<CheckoutDraft>) => void;
  setFieldError: (key: string, message: string | null) => void;
  /** Stripe's card form, when the page shows it here (the gift card checkout) instead of on review. */
  stripeCard?: ReactNode;
}

/**
 * The payment step: how to pay (the test card's number here; Stripe's card form on the review
 * step, beside 'Place Order', where it is confirmed), and the billing address when it is not the
 * shipping one. A cart with nothing to ship asks for no address at all.
 */
export function PaymentStep({
  quote,
  draft,
  errors,
  texts,
  language,
  update,
  setFieldError,
  stripeCard,
}: PaymentStepProps) {
  const provider = quote.paymentProviders.find((p) => p.id === draft.provider);
  return (
    <>
      <ChoiceList
        legend={texts.steps.payment}
        name="co-provider"
        path="payment.provider"
        options={quote.paymentProviders}
        chosen={draft.provider}
        errors={errors}
        onChoose={(id) => {
          update({ provider: id });
          setFieldError('payment.provider', null);
          setFieldError('payment.token', null);
        }}
        renderOption={(p) => (
          <>
            <span className="co-choice-text">
              <span className="co-choice-name">{providerLabel(texts, p)}</span>
            </span>
            {p.id === 'test' && <span className="co-badge">{texts.testBadge}</span>}
          </>
        )}
      />
      {draft.provider === 'test' && (
        <Field
          name="payment.token"
          label={texts.cardNumber}
          errors={errors}
          hint={texts.testCardHint}
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
      {draft.provider === 'stripe' &&
        (stripeCard ?? <p className="co-hint">{texts.stripeOnReview}</p>)}
      {provider && provider.id === 'manual' && provider.instructions && (
        <p className="co-instructions">{provider.instructions}</p>
      )}
      {quote.requiresShipping && (
        <div className="co-billing">
          <label className="co-check">
            <input
              type="checkbox"
              checked={draft.billingSame}
              onChange={(e) => update({ billingSame: e.target.checked })}
            />
            {texts.billingSame}
          </label>
          {!draft.billingSame && (
            <AddressFields
              prefix="billingAddress"
              value={draft.billing}
              errors={errors}
              countries={[]}
              onChange={(billing: AddressDraft) => update({ billing })}
              onFieldError={setFieldError}
              texts={texts}
              language={language}
            />
          )}
        </div>
      )}
    </>
  );
}
