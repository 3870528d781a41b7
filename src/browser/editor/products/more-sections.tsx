import { MerchandisingView } from '../../../shared/product/rules-scarcity.js';
import { Card, Checkbox, describe, Field, FieldError, TextInput } from './fields.js';
import { isGiftCard, tracksStock } from '../../../shared/product/rules.js';
import {
  newSubscriptionOption,
  type BillingUnit,
  type FieldErrors,
  type MerchandisingForm,
  type ProductForm,
  type SubscriptionOptionRow,
} from './product-form.js';
import { ProductPicker } from './product-picker.js';

type Update = (f: (form: ProductForm) => ProductForm) => void;
interface SectionProps {
  form: ProductForm;
  update: Update;
  errors: FieldErrors;
}

const UNITS: { value: BillingUnit; label: string }[] = [
  { value: 'WEEK', label: 'Weeks' },
  { value: 'MONTH', label: 'Months' },
  { value: 'YEAR', label: 'Years' },
];

function UnitSelect({
  value,
  onChange,
  label,
}: {
  value: BillingUnit;
  onChange: (u: BillingUnit) => void;
  label: string;
}) {
  return (
    <select
      className="ed-input"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(UNITS.find((u) => u.value === e.target.value)?.value ?? 'MONTH')}
    >
      {UNITS.map((u) => (
        <option key={u.value} value={u.value}>
          {u.label}
        </option>
      ))}
    </select>
  );
}

/** SPEC 3.3 subscriptionPlan, oneTimePurchaseAllowed and productSubscriptionOptions. */
export function SubscriptionSection({ form, update, errors }: SectionProps) {
  if (isGiftCard(form.productType)) return null;
  const set = (p: Partial<ProductForm>) => update((f) => ({ ...f, ...p }));
  const setOption = (key: string, p: Partial<SubscriptionOptionRow>) =>
    update((f) => ({
      ...f,
      subscriptionOptions: f.subscriptionOptions.map((o) => (o.key === key ? { ...o, ...p } : o)),
    }));
  return (
    <Card title="Subscription" id="subscription">
      <Checkbox
        checked={form.isSubscribable}
        onChange={(isSubscribable) => set({ isSubscribable })}
      >
        Sell as a subscription (shoppers are charged again every period)
      </Checkbox>
      {form.isSubscribable && (
        <>
          <div className="ed-pe-grid">
            <Field label="Charge every" path="subscriptionPlan.billingPeriod" errors={errors}>
              <div className="ed-inline-pair">
                <TextInput
                  path="subscriptionPlan.billingPeriod"
                  errors={errors}
                  value={form.planValue}
                  inputMode="numeric"
                  className="ed-qty"
                  onChange={(planValue) => set({ planValue })}
                />
                <UnitSelect
                  label="Billing period unit"
                  value={form.planUnit}
                  onChange={(planUnit) => set({ planUnit })}
                />
              </div>
            </Field>
            <Field
              label="Number of charges"
              path="subscriptionPlan.numBillingCycles"
              errors={errors}
              hint="0 keeps charging until the shopper cancels."
            >
              <TextInput
                path="subscriptionPlan.numBillingCycles"
                errors={errors}
                hint
                value={form.planCycles}
                inputMode="numeric"
                className="ed-qty"
                onChange={(planCycles) => set({ planCycles })}
              />
            </Field>
          </div>
          <Checkbox
            checked={form.oneTimePurchaseAllowed}
            onChange={(oneTimePurchaseAllowed) => set({ oneTimePurchaseAllowed })}
          >
            Also sell as a one-time purchase
          </Checkbox>
          <h3>Other plans shoppers can choose</h3>
          {form.subscriptionOptions.length === 0 && (
            <p className="ed-muted">None: shoppers subscribe on the plan above.</p>
          )}
          <ul className="ed-sub-options">
            {form.subscriptionOptions.map((o, i) => {
              const p = `productSubscriptionOptions.${i}`;
              return (
                <li key={o.key}>
                  <fieldset className="ed-option">
                    <legend>Plan {i + 2}</legend>
                    <div className="ed-pe-grid">
                      <Field label="Every" path={`${p}.billingPeriod`} errors={errors}>
                        <div className="ed-inline-pair">
                          <TextInput
                            path={`${p}.billingPeriod`}
                            errors={errors}
                            value={o.value}
                            inputMode="numeric"
                            className="ed-qty"
                            onChange={(value) => setOption(o.key, { value })}
                          />
                          <UnitSelect
                            label={`Plan ${i + 2} period unit`}
                            value={o.unit}
                            onChange={(unit) => setOption(o.key, { unit })}
                          />
                        </div>
                      </Field>
                      <Field
                        label="Number of charges"
                        path={`${p}.numBillingCycles`}
                        errors={errors}
                      >
                        <TextInput
                          path={`${p}.numBillingCycles`}
                          errors={errors}
                          value={o.cycles}
                          inputMode="numeric"
                          className="ed-qty"
                          onChange={(cycles) => setOption(o.key, { cycles })}
                        />
                      </Field>
                      <Field label="Discount (%)" path={`${p}.discountPercent`} errors={errors}>
                        <TextInput
                          path={`${p}.discountPercent`}
                          errors={errors}
                          value={o.discount}
                          inputMode="numeric"
                          className="ed-qty"
                          onChange={(discount) => setOption(o.key, { discount })}
                        />
                      </Field>
                    </div>
                    <button
                      type="button"
                      className="ed-button ed-button-quiet ed-button-danger"
                      onClick={() =>
                        update((f) => ({
                          ...f,
                          subscriptionOptions: f.subscriptionOptions.filter((x) => x.key !== o.key),
                        }))
                      }
                    >
                      Remove plan {i + 2}
                    </button>
                  </fieldset>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="ed-button"
            onClick={() =>
              update((f) => ({
                ...f,
                subscriptionOptions: [...f.subscriptionOptions, newSubscriptionOption()],
              }))
            }
          >
            Add a plan
          </button>
        </>
      )}
    </Card>
  );
}

/** Add button text, the additional-fields form, related products and add-ons. */
export function CheckoutExtrasSection({
  form,
  update,
  errors,
  productId,
  productForms,
}: SectionProps & {
  productId: string | undefined;
  productForms: { id: string; name: string }[] | null;
}) {
  const set = (p: Partial<ProductForm>) => update((f) => ({ ...f, ...p }));
  return (
    <Card title="Buying" id="buying">
      <Checkbox
        checked={form.useCustomAddButtonText}
        onChange={(useCustomAddButtonText) => set({ useCustomAddButtonText })}
      >
        Use my own text on the add to cart button
      </Checkbox>
      {form.useCustomAddButtonText && (
        <Field label="Button text" path="customAddButtonText" errors={errors}>
          <TextInput
            path="customAddButtonText"
            errors={errors}
            value={form.customAddButtonText}
            maxLength={60}
            placeholder="Add To Cart"
            onChange={(customAddButtonText) => set({ customAddButtonText })}
          />
        </Field>
      )}
      <Field
        label="Additional fields form"
        path="additionalFieldsFormId"
        errors={errors}
        hint="A form shoppers fill in when adding this product (engraving text, a date…)."
      >
        {productForms ? (
          <select
            className="ed-input"
            {...describe(errors, 'additionalFieldsFormId', 'hint-additionalFieldsFormId')}
            value={form.additionalFieldsFormId}
            onChange={(e) => set({ additionalFieldsFormId: e.target.value })}
          >
            <option value="">No form</option>
            {productForms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
            {form.additionalFieldsFormId &&
              !productForms.some((f) => f.id === form.additionalFieldsFormId) && (
                <option value={form.additionalFieldsFormId}>{form.additionalFieldsFormId}</option>
              )}
          </select>
        ) : (
          <TextInput
            path="additionalFieldsFormId"
            errors={errors}
            hint
            value={form.additionalFieldsFormId}
            placeholder="Form id"
            onChange={(additionalFieldsFormId) => set({ additionalFieldsFormId })}
          />
        )}
      </Field>
      <ProductPicker
        label="Related products"
        path="relatedItemIds"
        ids={form.relatedItemIds}
        exclude={productId}
        errors={errors}
        onChange={(relatedItemIds) => set({ relatedItemIds })}
      />
      <ProductPicker
        label="Add-ons"
        path="addOnItemIds"
        ids={form.addOnItemIds}
        exclude={productId}
        errors={errors}
        onChange={(addOnItemIds) => set({ addOnItemIds })}
      />
    </Card>
  );
}

const VIEWS: { value: string; label: string }[] = [
  { value: MerchandisingView.PRODUCT_DETAIL, label: 'Product page' },
  { value: MerchandisingView.PRODUCT_QUICK_VIEW, label: 'Quick view' },
  { value: MerchandisingView.PRODUCT_BLOCK, label: 'Product blocks' },
  { value: MerchandisingView.ADD_ON, label: 'Add-ons' },
];

function ViewChecks({
  legend,
  values,
  onChange,
}: {
  legend: string;
  values: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <fieldset className="ed-check-grid-set">
      <legend>{legend}</legend>
      <div className="ed-check-grid">
        {VIEWS.map((v) => (
          <Checkbox
            key={v.value}
            checked={values.includes(v.value)}
            onChange={(on) =>
              onChange(on ? [...values, v.value] : values.filter((x) => x !== v.value))
            }
          >
            {v.label}
          </Checkbox>
        ))}
      </div>
    </fieldset>
  );
}

/** SPEC 3.4: low-stock message, restock sign-ups and the sold-out text. */
export function MerchandisingSection({ form, update, errors }: SectionProps) {
  if (!tracksStock(form.productType)) return null;
  const m = form.merchandising;
  const set = (p: Partial<MerchandisingForm>) =>
    update((f) => ({ ...f, merchandising: { ...f.merchandising, ...p } }));
  const setMsg = (p: Partial<MerchandisingForm['restockNotificationMessages']>) =>
    set({ restockNotificationMessages: { ...m.restockNotificationMessages, ...p } });
  const path = (k: string) => `merchandising.${k}`;
  return (
    <Card title="Merchandising" id="merchandising">
      <h3>Low stock message</h3>
      <Checkbox
        checked={m.scarcityEnabled}
        onChange={(scarcityEnabled) => set({ scarcityEnabled })}
      >
        Show a message when few are left
      </Checkbox>
      {m.scarcityEnabled && (
        <>
          <Field
            label="Message"
            path={path('scarcityText')}
            errors={errors}
            hint="{quantity} is replaced by the number left."
          >
            <TextInput
              path={path('scarcityText')}
              errors={errors}
              hint
              value={m.scarcityText}
              onChange={(scarcityText) => set({ scarcityText })}
            />
          </Field>
          <ViewChecks
            legend="Show it on"
            values={m.scarcityTemplateViews}
            onChange={(scarcityTemplateViews) => set({ scarcityTemplateViews })}
          />
          <Checkbox
            checked={m.scarcityShownByDefault}
            onChange={(scarcityShownByDefault) => set({ scarcityShownByDefault })}
          >
            Show it before a variant is chosen (total stock)
          </Checkbox>
        </>
      )}
      <h3>Restock sign-ups</h3>
      <ViewChecks
        legend="Let shoppers ask to hear when a sold-out variant is back, on"
        values={m.restockNotificationViews}
        onChange={(restockNotificationViews) => set({ restockNotificationViews })}
      />
      {m.restockNotificationViews.length > 0 && (
        <div className="ed-pe-grid">
          <Field label="Invitation" path={path('CTAText')} errors={errors}>
            <TextInput
              path={path('CTAText')}
              errors={errors}
              value={m.restockNotificationMessages.CTAText}
              onChange={(CTAText) => setMsg({ CTAText })}
            />
          </Field>
          <Field label="Button" path={path('buttonText')} errors={errors}>
            <TextInput
              path={path('buttonText')}
              errors={errors}
              value={m.restockNotificationMessages.buttonText}
              onChange={(buttonText) => setMsg({ buttonText })}
            />
          </Field>
          <Field label="Email placeholder" path={path('placeholderText')} errors={errors}>
            <TextInput
              path={path('placeholderText')}
              errors={errors}
              value={m.restockNotificationMessages.placeholderText}
              onChange={(placeholderText) => setMsg({ placeholderText })}
            />
          </Field>
          <div className="ed-field ed-field-check">
            <Checkbox
              checked={m.mailingListSignUpEnabled}
              onChange={(mailingListSignUpEnabled) => set({ mailingListSignUpEnabled })}
            >
              Offer the newsletter too
            </Checkbox>
          </div>
          {m.mailingListSignUpEnabled && (
            <>
              <Field label="Newsletter text" path={path('mailingListDescription')} errors={errors}>
                <TextInput
                  path={path('mailingListDescription')}
                  errors={errors}
                  value={m.restockNotificationMessages.mailingListDescription}
                  onChange={(mailingListDescription) => setMsg({ mailingListDescription })}
                />
              </Field>
              <div className="ed-field ed-field-check">
                <Checkbox
                  checked={m.mailingListOptInByDefault}
                  onChange={(mailingListOptInByDefault) => set({ mailingListOptInByDefault })}
                >
                  Newsletter box ticked by default
                </Checkbox>
              </div>
            </>
          )}
        </div>
      )}
      <h3>Sold out</h3>
      <Field
        label="Sold-out text"
        path={path('customSoldOutText')}
        errors={errors}
        hint="Leave empty for the theme's 'sold out'."
      >
        <TextInput
          path={path('customSoldOutText')}
          errors={errors}
          hint
          value={m.customSoldOutText}
          placeholder="sold out"
          onChange={(customSoldOutText) => set({ customSoldOutText })}
        />
      </Field>
      <FieldError errors={errors} path="merchandising" />
    </Card>
  );
}
