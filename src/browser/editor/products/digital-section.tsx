import { lazy, Suspense, useRef, useState } from 'react';
import type { MediaAsset } from '../../../shared/media/api.js';
import { Loading } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { uploadMedia } from '../media/upload.js';
import { Card, Checkbox, Field, FieldError, TextInput } from './fields.js';
import type { FieldErrors, ProductForm } from './product-form.js';

const MediaPicker = lazy(() =>
  import('../media/media-picker.js').then((m) => ({ default: m.MediaPicker })),
);

type Update = (f: (form: ProductForm) => ProductForm) => void;

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Digital products: one price on the product, and the file shoppers get after paying. */
export function DigitalSection({
  form,
  update,
  errors,
}: {
  form: ProductForm;
  update: Update;
  errors: FieldErrors;
}) {
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const setFile = (a: MediaAsset) =>
    update((f) => ({ ...f, digitalFile: { assetId: a.id, filename: a.filename, size: a.size } }));

  return (
    <>
      <Card title="Price" id="variants">
        <div className="ed-pe-grid">
          <Field label={`Price (${form.currency})`} path="priceMoney" errors={errors}>
            <TextInput
              path="priceMoney"
              errors={errors}
              value={form.price}
              inputMode="decimal"
              placeholder="0.00"
              className="ed-money"
              onChange={(price) => update((f) => ({ ...f, price }))}
            />
          </Field>
          <Field label={`Sale price (${form.currency})`} path="salePriceMoney" errors={errors}>
            <TextInput
              path="salePriceMoney"
              errors={errors}
              value={form.salePrice}
              inputMode="decimal"
              className="ed-money"
              onChange={(salePrice) => update((f) => ({ ...f, salePrice }))}
            />
          </Field>
          <div className="ed-field ed-field-check">
            <Checkbox
              checked={form.onSale}
              onChange={(onSale) => update((f) => ({ ...f, onSale }))}
            >
              On sale
            </Checkbox>
          </div>
        </div>
      </Card>
      <Card
        title="File to deliver"
        id="digital-file"
        intro="Shoppers get a download link for this file after they pay."
      >
        <FieldError errors={errors} path="digitalAssetId" />
        {form.digitalFile ? (
          <p className="ed-digital-file">
            <strong>{form.digitalFile.filename}</strong>{' '}
            <span className="ed-muted">{sizeText(form.digitalFile.size)}</span>
          </p>
        ) : (
          <p className="ed-muted">No file yet.</p>
        )}
        {progress !== null && <progress max={1} value={progress} aria-label="Uploading the file" />}
        {uploadError && (
          <p className="ed-inline-error" role="alert">
            {uploadError}
          </p>
        )}
        <div className="ed-actions">
          <button
            type="button"
            className="ed-button"
            disabled={progress !== null}
            onClick={() => fileInput.current?.click()}
          >
            {form.digitalFile ? 'Upload a different file' : 'Upload a file'}
          </button>
          <button type="button" className="ed-button" onClick={() => setPicking(true)}>
            Choose from library
          </button>
          {form.digitalFile && (
            <button
              type="button"
              className="ed-button ed-button-quiet ed-button-danger"
              onClick={() => update((f) => ({ ...f, digitalFile: null }))}
            >
              Remove file
            </button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="Upload the file to deliver"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setUploadError('');
            setProgress(0);
            uploadMedia(file, (p: number) => setProgress(p)).then(
              (a: MediaAsset) => {
                setProgress(null);
                setFile(a);
              },
              (err: unknown) => {
                setProgress(null);
                setUploadError(actionFailureText(err));
              },
            );
          }}
        />
        {picking && (
          <Suspense fallback={<Loading />}>
            <MediaPicker
              kind="file"
              onPick={(assets: MediaAsset[]) => {
                setPicking(false);
                if (assets[0]) setFile(assets[0]);
              }}
              onClose={() => setPicking(false)}
            />
          </Suspense>
        )}
      </Card>
    </>
  );
}
