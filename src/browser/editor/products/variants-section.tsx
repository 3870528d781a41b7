import type { OwnerImageRef } from '../../../shared/product/owner-api.js';
import { Card, Checkbox, describe, Field, FieldError, TextInput } from './fields.js';
import { imageSrc } from './images-section.js';
import { needsShipping } from '../../../shared/product/rules.js';
import { addDenomination, type FieldErrors, type ProductForm } from './product-form.js';
import { OptionsEditor } from './options-editor.js';
import { activeOptions, rowLabel, type VariantRow } from './variant-grid.js';

type Update = (f: (form: ProductForm) => ProductForm) => void;

function patchRow(update: Update, key: string, patch: Partial<VariantRow>) {
  update((f) => ({
    ...f,
    variants: f.variants.map((r) => (r.key === key ? { ...r, ...patch } : r)),
  }));
}

/** Price, stock and options of physical and service products: one row, or a grid of variants. */
export function VariantsSection({
  form,
  update,
  errors,
}: {
  form: ProductForm;
  update: Update;
  errors: FieldErrors;
}) {
  const ordering = activeOptions(form.options).map((o) => o.name);
  const single = ordering.length === 0 && form.variants.length <= 1;
  return (
    <>
      <Card title={single ? 'Price and stock' : 'Variants'} id="variants">
        <FieldError errors={errors} path="variants" />
        {single && form.variants[0] ? (
          <SingleVariant
            row={form.variants[0]}
            index={0}
            form={form}
            update={update}
            errors={errors}
          />
        ) : (
          <VariantGrid form={form} update={update} errors={errors} ordering={ordering} />
        )}
      </Card>
      <Card
        title="Options"
        id="options"
        intro="Options like size or color make one variant per combination, each with its own price and stock."
      >
        <FieldError errors={errors} path="variantOptionOrdering" />
        <OptionsEditor
          options={form.options}
          variants={form.variants}
          onChange={({ options, variants }) => update((f) => ({ ...f, options, variants }))}
        />
      </Card>
    </>
  );
}

function SingleVariant({
  row,
  index,
  form,
  update,
  errors,
}: {
  row: VariantRow;
  index: number;
  form: ProductForm;
  update: Update;
  errors: FieldErrors;
}) {
  const p = `variants.${index}`;
  const set = (patch: Partial<VariantRow>) => patchRow(update, row.key, patch);
  return (
    <div className="ed-pe-grid">
      <Field label={`Price (${form.currency})`} path={`${p}.priceMoney`} errors={errors}>
        <TextInput
          path={`${p}.priceMoney`}
          errors={errors}
          value={row.price}
          inputMode="decimal"
          placeholder="0.00"
          className="ed-money"
          onChange={(price) => set({ price })}
        />
      </Field>
      <Field label={`Sale price (${form.currency})`} path={`${p}.salePriceMoney`} errors={errors}>
        <TextInput
          path={`${p}.salePriceMoney`}
          errors={errors}
          value={row.salePrice}
          inputMode="decimal"
          className="ed-money"
          onChange={(salePrice) => set({ salePrice })}
        />
      </Field>
      <div className="ed-field ed-field-check">
        <Checkbox checked={row.onSale} onChange={(onSale) => set({ onSale })}>
          On sale
        </Checkbox>
      </div>
      <Field label="SKU" path={`${p}.sku`} errors={errors}>
        <TextInput
          path={`${p}.sku`}
          errors={errors}
          value={row.sku}
          onChange={(sku) => set({ sku })}
        />
      </Field>
      <StockField row={row} path={p} errors={errors} set={set} />
      {needsShipping(form.productType) && (
        <Field label="Weight (grams)" path={`${p}.weightGrams`} errors={errors}>
          <TextInput
            path={`${p}.weightGrams`}
            errors={errors}
            value={row.weight}
            inputMode="numeric"
            className="ed-qty"
            onChange={(weight) => set({ weight })}
          />
        </Field>
      )}
    </div>
  );
}

function StockField({
  row,
  path,
  errors,
  set,
  compact,
  label = 'Stock',
}: {
  row: VariantRow;
  path: string;
  errors: FieldErrors;
  set: (p: Partial<VariantRow>) => void;
  compact?: boolean;
  label?: string;
}) {
  const input = (
    <div className="ed-stock">
      <input
        className="ed-input ed-qty"
        inputMode="numeric"
        {...describe(errors, `${path}.qtyInStock`)}
        aria-label={compact ? label : undefined}
        disabled={row.unlimited}
        value={row.unlimited ? '' : row.stock}
        placeholder={row.unlimited ? '∞' : '0'}
        onChange={(e) => set({ stock: e.target.value })}
      />
      <Checkbox checked={row.unlimited} onChange={(unlimited) => set({ unlimited })}>
        Unlimited
      </Checkbox>
    </div>
  );
  if (compact)
    return (
      <>
        {input}
        <FieldError errors={errors} path={`${path}.qtyInStock`} />
      </>
    );
  return (
    <Field label={label} path={`${path}.qtyInStock`} errors={errors}>
      {input}
    </Field>
  );
}

function VariantGrid({
  form,
  update,
  errors,
  ordering,
}: {
  form: ProductForm;
  update: Update;
  errors: FieldErrors;
  ordering: string[];
}) {
  const weight = needsShipping(form.productType);
  if (form.variants.length === 0)
    return <p className="ed-empty">Add values to the options below to make variants.</p>;
  return (
    <div className="ed-table-wrap ed-variant-wrap" role="region" aria-label="Variants" tabIndex={0}>
      <table className="ed-table ed-variant-table">
        <caption className="ed-visually-hidden">Variants</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Price</th>
            <th scope="col">Sale price</th>
            <th scope="col">On sale</th>
            <th scope="col">Stock</th>
            {weight && <th scope="col">Weight (g)</th>}
            <th scope="col">SKU</th>
            <th scope="col">Image</th>
          </tr>
        </thead>
        <tbody>
          {form.variants.map((row, i) => {
            const p = `variants.${i}`;
            const name = rowLabel(row, ordering);
            const set = (patch: Partial<VariantRow>) => patchRow(update, row.key, patch);
            return (
              <tr key={row.key}>
                <th scope="row" data-label="Variant">
                  {name}
                  {!row.id && <span className="ed-pill ed-pill-new">New</span>}
                  <FieldError errors={errors} path={`${p}.attributes`} nested />
                </th>
                <td data-label="Price">
                  <TextInput
                    path={`${p}.priceMoney`}
                    errors={errors}
                    aria-label={`Price: ${name}`}
                    value={row.price}
                    inputMode="decimal"
                    placeholder="0.00"
                    className="ed-money"
                    onChange={(price) => set({ price })}
                  />
                  <FieldError errors={errors} path={`${p}.priceMoney`} />
                </td>
                <td data-label="Sale price">
                  <TextInput
                    path={`${p}.salePriceMoney`}
                    errors={errors}
                    aria-label={`Sale price: ${name}`}
                    value={row.salePrice}
                    inputMode="decimal"
                    className="ed-money"
                    onChange={(salePrice) => set({ salePrice })}
                  />
                  <FieldError errors={errors} path={`${p}.salePriceMoney`} />
                </td>
                <td data-label="On sale">
                  <input
                    type="checkbox"
                    className="ed-grid-check"
                    aria-label={`On sale: ${name}`}
                    checked={row.onSale}
                    onChange={(e) => set({ onSale: e.target.checked })}
                  />
                </td>
                <td data-label="Stock">
                  <StockField
                    row={row}
                    path={p}
                    errors={errors}
                    set={set}
                    compact
                    label={`Stock: ${name}`}
                  />
                </td>
                {weight && (
                  <td data-label="Weight (g)">
                    <TextInput
                      path={`${p}.weightGrams`}
                      errors={errors}
                      aria-label={`Weight in grams: ${name}`}
                      value={row.weight}
                      inputMode="numeric"
                      className="ed-qty"
                      onChange={(w) => set({ weight: w })}
                    />
                    <FieldError errors={errors} path={`${p}.weightGrams`} />
                  </td>
                )}
                <td data-label="SKU">
                  <TextInput
                    path={`${p}.sku`}
                    errors={errors}
                    aria-label={`SKU: ${name}`}
                    value={row.sku}
                    className="ed-sku"
                    onChange={(sku) => set({ sku })}
                  />
                  <FieldError errors={errors} path={`${p}.sku`} />
                </td>
                <td data-label="Image">
                  <VariantImage
                    images={form.images}
                    value={row.imageAssetId}
                    label={`Image: ${name}`}
                    path={`${p}.imageAssetId`}
                    errors={errors}
                    onChange={(imageAssetId) => set({ imageAssetId })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One of the product's images for a variant (shown when a shopper chooses it). */
function VariantImage({
  images,
  value,
  label,
  path,
  errors,
  onChange,
}: {
  images: OwnerImageRef[];
  value: string | null;
  label: string;
  path: string;
  errors: FieldErrors;
  onChange: (id: string | null) => void;
}) {
  const chosen = images.find((i) => i.assetId === value);
  return (
    <div className="ed-variant-image">
      {chosen ? (
        <img src={imageSrc(chosen, 100)} alt="" className="ed-thumb" />
      ) : (
        <span className="ed-thumb ed-thumb-empty" aria-hidden="true" />
      )}
      <select
        className="ed-input"
        aria-label={label}
        {...describe(errors, path)}
        value={value ?? ''}
        disabled={images.length === 0 && !value}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">{images.length ? 'None' : 'No images yet'}</option>
        {images.map((img, i) => (
          <option key={img.assetId} value={img.assetId}>
            Image {i + 1}
            {img.altText ? `: ${img.altText}` : ''}
          </option>
        ))}
        {value && !chosen && <option value={value}>A removed image</option>}
      </select>
      <FieldError errors={errors} path={path} />
    </div>
  );
}

/** Gift cards: the amounts a card can be bought for, one variant each. */
export function DenominationsSection({
  form,
  update,
  errors,
}: {
  form: ProductForm;
  update: Update;
  errors: FieldErrors;
}) {
  return (
    <Card
      title="Amounts"
      id="variants"
      intro="The values shoppers can choose. The card is worth what they pay."
    >
      <FieldError errors={errors} path="variants" />
      <ul className="ed-denominations">
        {form.variants.map((row, i) => (
          <li key={row.key}>
            <Field
              label={`Amount ${i + 1} (${form.currency})`}
              path={`variants.${i}.priceMoney`}
              errors={errors}
            >
              <TextInput
                path={`variants.${i}.priceMoney`}
                errors={errors}
                value={row.price}
                inputMode="decimal"
                placeholder="25.00"
                className="ed-money"
                onChange={(price) => patchRow(update, row.key, { price })}
              />
            </Field>
            <button
              type="button"
              className="ed-button ed-button-quiet ed-button-danger"
              aria-label={`Remove amount ${i + 1}`}
              onClick={() =>
                update((f) => ({ ...f, variants: f.variants.filter((r) => r.key !== row.key) }))
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="ed-button" onClick={() => update(addDenomination)}>
        Add amount
      </button>
    </Card>
  );
}
