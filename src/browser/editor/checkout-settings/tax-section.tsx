import { countryCodes, countryFormat } from '../../../shared/checkout/address-rules.js';
import type { CheckoutSettings, TaxRuleSettings } from '../../../shared/checkout/settings.js';
import { Check, Field, invalid, newId, TextField, type SectionProps } from './fields.js';

export function TaxSection({ settings: s, patch, errors }: SectionProps<CheckoutSettings>) {
  const setRule = (i: number, p: Partial<TaxRuleSettings>) =>
    patch({ taxRules: s.taxRules.map((r, j) => (j === i ? { ...r, ...p } : r)) });
  return (
    <section className="ed-section" aria-labelledby="cs-tax">
      <h2 id="cs-tax">Taxes</h2>
      <Check checked={s.pricesIncludeTax} onChange={(on) => patch({ pricesIncludeTax: on })}>
        My prices already include tax
      </Check>
      {s.taxRules.length === 0 && <p className="ed-empty">No tax rules: no tax is charged.</p>}
      {s.taxRules.map((r, i) => {
        const p = `taxRules.${i}`;
        return (
          <fieldset key={r.id} className="ed-card ed-tax-rule">
            <legend>{r.name || 'New tax rule'}</legend>
            <div className="ed-form-grid">
              <TextField
                label="Name"
                path={`${p}.name`}
                errors={errors}
                value={r.name}
                onChange={(name) => setRule(i, { name })}
              />
              <Field label="Country" path={`${p}.country`} errors={errors}>
                <select
                  className="ed-input"
                  value={r.country}
                  aria-invalid={invalid(errors, `${p}.country`)}
                  onChange={(e) => setRule(i, { country: e.target.value })}
                >
                  {countryCodes().map((c) => (
                    <option key={c} value={c}>
                      {countryFormat(c).name}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                label={`${countryFormat(r.country).regionLabel} (empty: whole country)`}
                path={`${p}.region`}
                errors={errors}
                value={r.region}
                onChange={(region) => setRule(i, { region })}
              />
              <Field label="Rate (%)" path={`${p}.rate`} errors={errors}>
                <input
                  className="ed-input ed-money"
                  inputMode="decimal"
                  value={Number.isNaN(r.rate) ? '' : String(r.rate)}
                  aria-invalid={invalid(errors, `${p}.rate`)}
                  onChange={(e) => setRule(i, { rate: Number(e.target.value.replace(',', '.')) })}
                />
              </Field>
            </div>
            <Check
              checked={r.appliesToShipping}
              onChange={(on) => setRule(i, { appliesToShipping: on })}
            >
              Tax shipping too
            </Check>
            <button
              type="button"
              className="ed-button ed-button-danger"
              onClick={() => patch({ taxRules: s.taxRules.filter((_, j) => j !== i) })}
            >
              Remove {r.name || 'rule'}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="ed-button"
        onClick={() =>
          patch({
            taxRules: [
              ...s.taxRules,
              {
                id: newId('tax'),
                name: 'Sales tax',
                country: s.shipsTo[0] ?? 'US',
                region: '',
                rate: 0,
                appliesToShipping: false,
              },
            ],
          })
        }
      >
        Add tax rule
      </button>
    </section>
  );
}
