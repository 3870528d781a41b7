import type { CheckoutSettings } from '../../../shared/checkout/settings.js';
import { Check, Err, TextField, type SectionProps } from './fields.js';

type Payments = CheckoutSettings['payments'];

export function PaymentsSection({ settings: s, patch, errors }: SectionProps<CheckoutSettings>) {
  const setPayments = (p: Partial<Payments>) => patch({ payments: { ...s.payments, ...p } });
  const manual = s.payments.manual;
  const setManual = (p: Partial<Payments['manual']>) =>
    setPayments({ manual: { ...manual, ...p } });
  return (
    <section className="ed-section" aria-labelledby="cs-pay">
      <h2 id="cs-pay">Payments</h2>
      <Err errors={errors} path="payments" />
      <Check checked={s.testMode} onChange={(on) => patch({ testMode: on })}>
        Test mode (orders are marked as tests; the checkout says so)
      </Check>
      <Check
        checked={s.payments.test.enabled}
        onChange={(on) => setPayments({ test: { enabled: on } })}
      >
        Test card (4242 4242 4242 4242 approves)
      </Check>
      <Check
        checked={s.payments.stripe.enabled}
        onChange={(on) => setPayments({ stripe: { enabled: on } })}
      >
        Stripe (keys come from the server’s configuration)
      </Check>
      <Check checked={manual.enabled} onChange={(on) => setManual({ enabled: on })}>
        Manual payment (bank transfer, pay on pickup)
      </Check>
      {manual.enabled && (
        <div className="ed-form-grid">
          <TextField
            label="Name shown to shoppers"
            path="payments.manual.label"
            errors={errors}
            value={manual.label}
            onChange={(label) => setManual({ label })}
          />
          <TextField
            label="Instructions"
            path="payments.manual.instructions"
            errors={errors}
            rows={4}
            value={manual.instructions}
            onChange={(instructions) => setManual({ instructions })}
          />
        </div>
      )}
    </section>
  );
}
