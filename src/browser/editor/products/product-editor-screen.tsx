import { loadStoreBasics } from '../store-currency.js';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  PRODUCT_VISIBILITIES,
  ProductApi,
  ProductLimits,
  type OwnerProduct,
  type TagsResponse,
} from '../../../shared/product/owner-api.js';
import { ApiError } from '../../lib/api.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { ConflictAlert, ErrorSummary, focusField } from '../save-alerts.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { setLeaveGuard } from '../use-hash-route.js';
import { useLoad } from '../use-load.js';
import { ChipsInput } from './chips-input.js';
import { DigitalSection } from './digital-section.js';
import { Card, describe, Field, FieldError, fieldId, TextInput } from './fields.js';
import { ImagesSection } from './images-section.js';
import {
  CheckoutExtrasSection,
  MerchandisingSection,
  SubscriptionSection,
} from './more-sections.js';
import { isGiftCard, pricedOnProduct } from '../../../shared/product/rules.js';
import { productHref, typeLabel, VISIBILITY_TEXT } from './product-labels.js';
import {
  fieldName,
  formFromProduct,
  isDirty,
  liveUrlOf,
  newProductForm,
  toProductInput,
  type FieldErrors,
  type ProductForm,
} from './product-form.js';
import { DenominationsSection, VariantsSection } from './variants-section.js';
import { activeOptions, rowLabel } from './variant-grid.js';
import './products.css';

// TipTap is the editor's heaviest part: fetched when a product opens, never on /config's first load.
const RichTextEditor = lazy(() =>
  import('./rich-text.js').then((m) => ({ default: m.RichTextEditor })),
);

interface Loaded {
  product: OwnerProduct | null;
  form: ProductForm;
  tags: TagsResponse;
  productForms: ProductFormChoice[] | null;
}

/** A product form (SPEC 3.6 additional fields) the owner can attach. */
interface ProductFormChoice {
  id: string;
  name: string;
}

/**
 * The site's product forms from the forms API (`GET /api/forms`, docs/forms.md), for the
 * additional-fields select; null when that API is not there, and the field becomes a text box.
 */
async function productFormChoices(signal: AbortSignal): Promise<ProductFormChoice[] | null> {
  const res = await editorFetch<{ items?: { id: string; name: string; kind: string }[] }>(
    '/api/forms',
    { signal },
  ).catch(() => undefined);
  if (!res?.items) return null;
  return res.items.filter((f) => f.kind === 'product').map(({ id, name }) => ({ id, name }));
}

const NO_TAGS: TagsResponse = { tags: [], categories: [] };

/** `#/products/{id}` and `#/products/new?type=N`: the whole product on one screen. */
export function ProductEditorScreen({
  productId,
  newType,
}: {
  productId?: string;
  newType?: number;
}) {
  const state = useLoad<Loaded>(
    async (signal) => {
      const tags = editorFetch<TagsResponse>(ProductApi.tags, { signal }).catch(() => NO_TAGS);
      const forms = productFormChoices(signal);
      if (productId) {
        const { product } = await editorFetch<{ product: OwnerProduct }>(
          ProductApi.one(productId),
          {
            signal,
          },
        );
        return {
          product,
          form: formFromProduct(product),
          tags: await tags,
          productForms: await forms,
        };
      }
      const { currency, language } = await loadStoreBasics(signal);
      const form = newProductForm(newType ?? 1, currency, language);
      return { product: null, form, tags: await tags, productForms: await forms };
    },
    `product|${productId ?? `new-${newType}`}`,
  );

  return (
    <LoadView state={state}>
      {(d) => (
        <ProductEditor
          initial={d.form}
          product={d.product}
          tags={d.tags}
          productForms={d.productForms}
          onReload={state.reload}
        />
      )}
    </LoadView>
  );
}

function ProductEditor({
  initial,
  product: loadedProduct,
  tags,
  productForms,
  onReload,
}: {
  initial: ProductForm;
  product: OwnerProduct | null;
  tags: TagsResponse;
  productForms: ProductFormChoice[] | null;
  onReload: () => void;
}) {
  const [product, setProduct] = useState(loadedProduct);
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [conflict, setConflict] = useState(false);
  /** Bumped whenever the form is replaced from outside, so the rich text editor follows. */
  const [revision, setRevision] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const dirty = useMemo(() => isDirty(saved, form), [saved, form]);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // A new product loaded again (Reload after a conflict) replaces what is on screen.
  useEffect(() => {
    setProduct(loadedProduct);
    setSaved(initial);
    setForm(initial);
    setErrors({});
    setConflict(false);
    setRevision((r) => r + 1);
  }, [initial, loadedProduct]);

  useUnsavedGuard(dirtyRef);

  const update = (f: (form: ProductForm) => ProductForm) => {
    setForm(f);
    setResult(null);
  };
  const ordering = activeOptions(form.options).map((o) => o.name);
  const rowLabels = form.variants.map((r) => rowLabel(r, ordering));

  // The summary at the top lists every error; focus goes to the first field to fix (or to the
  // summary when that field is not on screen, e.g. a path only the server knows).
  const showErrors = (e: FieldErrors) => {
    setErrors(e);
    requestAnimationFrame(() => {
      const first = Object.keys(e)[0];
      if (!first || !focusField(first)) summaryRef.current?.focus();
    });
  };

  const save = async () => {
    const { input, errors: local } = toProductInput(form, product?.version);
    if (Object.keys(local).length) {
      showErrors(local);
      setResult({ ok: false, text: 'Please fix the fields marked below.' });
      return;
    }
    setSaving(true);
    setResult(null);
    setErrors({});
    try {
      const res = product
        ? await editorFetch<{ product: OwnerProduct }>(ProductApi.one(product.id), {
            method: 'PUT',
            json: input,
          })
        : await editorFetch<{ product: OwnerProduct }>(ProductApi.list, {
            method: 'POST',
            json: input,
          });
      const next = formFromProduct(res.product);
      setProduct(res.product);
      setSaved(next);
      setForm(next);
      setRevision((r) => r + 1);
      setResult({ ok: true, text: 'Saved.' });
      // A new product now has an address: keep the screen, correct the URL (no reload).
      if (!product) history.replaceState(null, '', productHref(res.product.id));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PRODUCT_CONFLICT') {
        setConflict(true);
        setResult({ ok: false, text: err.message });
      } else {
        const fe = (err as { body?: { error?: { fieldErrors?: FieldErrors } } }).body?.error
          ?.fieldErrors;
        if (fe && Object.keys(fe).length) showErrors(fe);
        setResult({ ok: false, text: actionFailureText(err) });
      }
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setForm(saved);
    setRevision((r) => r + 1);
    setErrors({});
    setResult(null);
  };

  const errorList = Object.entries(errors);
  const giftCard = isGiftCard(form.productType);
  const digital = pricedOnProduct(form.productType);
  const sectionProps = { form, update, errors };
  const title = product
    ? product.title || 'Untitled product'
    : `New ${typeLabel(form.productType).toLowerCase()} product`;

  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/products">Products</a>
      </p>
      <ScreenHeading title={title} intro={`${typeLabel(form.productType)} product`}>
        {product && (
          <a className="ed-button" href={product.fullUrl} target="_blank" rel="noopener">
            {product.visibility === 'draft' ? 'Preview on site' : 'View on site'}
          </a>
        )}
      </ScreenHeading>

      {conflict && <ConflictAlert text={result?.text ?? ''} onReload={onReload} />}

      <ErrorSummary
        errors={errorList}
        labelOf={(path) => fieldName(path, rowLabels)}
        summaryRef={summaryRef}
      />

      <form
        className="ed-product-editor"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="ed-pe-main">
          <Card title="Details" id="details">
            <Field label="Title" path="title" errors={errors}>
              <TextInput
                path="title"
                errors={errors}
                value={form.title}
                maxLength={ProductLimits.titleMax}
                onChange={(t) => update((f) => ({ ...f, title: t }))}
              />
            </Field>
            <div className="ed-field">
              <span className="ed-field-label" id="f-body-label">
                Description
              </span>
              <Suspense fallback={<div className="ed-rte ed-rte-loading">Loading the editor…</div>}>
                <RichTextEditor
                  value={form.body}
                  labelId="f-body-label"
                  revision={revision}
                  {...(errors.body ? { describedBy: 'err-body' } : {})}
                  onChange={(body) => update((f) => ({ ...f, body }))}
                />
              </Suspense>
              <FieldError errors={errors} path="body" />
            </div>
          </Card>
          <ImagesSection
            images={form.images}
            errors={errors}
            onChange={(fn) => update((f) => ({ ...f, images: fn(f.images) }))}
          />
          {giftCard ? (
            <DenominationsSection {...sectionProps} />
          ) : digital ? (
            <DigitalSection {...sectionProps} />
          ) : (
            <VariantsSection {...sectionProps} />
          )}
          <SubscriptionSection {...sectionProps} />
          <CheckoutExtrasSection
            {...sectionProps}
            productId={product?.id}
            productForms={productForms}
          />
          <MerchandisingSection {...sectionProps} />
        </div>

        <div className="ed-pe-side">
          <Card title="Visibility" id="visibility">
            <fieldset className="ed-visibility">
              <legend className="ed-visually-hidden">Who can see this product</legend>
              {PRODUCT_VISIBILITIES.map((v) => (
                <label key={v} className="ed-vis-choice">
                  <input
                    type="radio"
                    name="visibility"
                    value={v}
                    id={v === form.visibility ? fieldId('visibility') : undefined}
                    checked={form.visibility === v}
                    aria-describedby={`vis-hint-${v}`}
                    onChange={() => update((f) => ({ ...f, visibility: v }))}
                  />
                  <span>
                    <strong>{VISIBILITY_TEXT[v].label}</strong>
                    <span className="ed-muted" id={`vis-hint-${v}`}>
                      {VISIBILITY_TEXT[v].hint}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <FieldError errors={errors} path="visibility" />
          </Card>
          <Card title="Page address" id="address">
            <Field
              label="URL slug"
              path="urlId"
              errors={errors}
              hint={
                <>
                  Live at{' '}
                  <code className="ed-path">
                    {window.location.origin}
                    {liveUrlOf(product?.fullUrl, form.urlId)}
                  </code>
                </>
              }
            >
              <input
                className="ed-input"
                {...describe(errors, 'urlId', 'hint-urlId')}
                value={form.urlId}
                maxLength={ProductLimits.slugMax}
                placeholder="made-from-the-title"
                onChange={(e) =>
                  update((f) => ({
                    ...f,
                    urlId: e.target.value.toLowerCase().replace(/\s+/g, '-'),
                  }))
                }
              />
            </Field>
          </Card>
          <Card title="Organization" id="organization">
            <ChipsInput
              label="Tags"
              path="tags"
              values={form.tags}
              suggestions={tags.tags.map((t) => t.name)}
              errors={errors}
              onChange={(t) => update((f) => ({ ...f, tags: t }))}
            />
            <ChipsInput
              label="Categories"
              path="categories"
              values={form.categories}
              suggestions={tags.categories.map((t) => t.name)}
              errors={errors}
              onChange={(c) => update((f) => ({ ...f, categories: c }))}
            />
          </Card>
        </div>

        <div className="ed-save-bar ed-pe-save-bar">
          <span className={dirty ? 'ed-unsaved' : 'ed-muted'}>
            {dirty ? 'Unsaved changes' : product ? 'All changes saved' : 'Not saved yet'}
          </span>
          <span role="status" className={result?.ok ? 'ed-saved' : 'ed-inline-error'}>
            {!conflict && result?.text}
            {result?.ok && product && (
              <>
                {' '}
                <a href={product.fullUrl} target="_blank" rel="noopener">
                  {product.visibility === 'draft' ? 'Preview on site' : 'View on site'}
                </a>
              </>
            )}
          </span>
          <span className="ed-save-actions">
            <button
              type="button"
              className="ed-button"
              disabled={!dirty || saving}
              onClick={discard}
            >
              Discard
            </button>
            <button
              type="submit"
              className="ed-button ed-button-primary"
              disabled={saving || conflict || (!dirty && !!product)}
            >
              {saving ? 'Saving…' : 'Save'}
            </button>
          </span>
        </div>
      </form>
    </>
  );
}

/**
 * Leaving with unsaved changes asks first: closing or reloading the tab (beforeunload), and
 * moving to another dashboard screen (the hash route's leave guard puts the address back when the
 * owner stays).
 */
function useUnsavedGuard(dirty: { current: boolean }) {
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    setLeaveGuard(
      () =>
        !dirty.current ||
        window.confirm('You have unsaved changes. Leave this product without saving them?'),
    );
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      setLeaveGuard(null);
    };
  }, [dirty]);
}
