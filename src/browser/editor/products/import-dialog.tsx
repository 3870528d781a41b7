import { useEffect, useRef, useState } from 'react';
import {
  CSV_COLUMNS,
  ProductApi,
  ProductLimits,
  type ImportPreview,
  type ImportStatus,
} from '../../../shared/product/owner-api.js';
import { editorFetch } from '../editor-fetch.js';
import { actionFailureText } from '../messages.js';
import { Dialog } from './dialog.js';
import { importProgress, plural, typeLabel } from './product-labels.js';

type Step =
  | { name: 'pick' }
  | { name: 'previewing'; fileName: string }
  | { name: 'preview'; fileName: string; csv: string; preview: ImportPreview }
  | { name: 'importing'; fileName: string; status: ImportStatus | null }
  | { name: 'done'; status: ImportStatus };

const POLL_MS = 700;

/**
 * CSV import: the file is read in the browser and sent for a preview (nothing written: counts,
 * sample products, SPEC 5.7 warnings, errors by row); Import starts the job and its status is
 * polled for the progress bar until it is done.
 */
export function ImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [error, setError] = useState('');
  const live = useRef(true);
  const body = useRef<HTMLDivElement>(null);
  // Each step replaces the controls that had focus: move it to the new step's main control.
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step.name]);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const pick = async (file: File) => {
    setError('');
    if (file.size > ProductLimits.importBytesMax) {
      setError(
        `The file ${file.name} is too large. The maximum allowed file size is ${ProductLimits.importBytesMax / 1024 / 1024} MB.`,
      );
      return;
    }
    setStep({ name: 'previewing', fileName: file.name });
    try {
      const csv = await file.text();
      const preview = await editorFetch<ImportPreview>(ProductApi.importPreview, {
        method: 'POST',
        json: { csv },
      });
      if (live.current) setStep({ name: 'preview', fileName: file.name, csv, preview });
    } catch (err) {
      if (!live.current) return;
      setError(actionFailureText(err));
      setStep({ name: 'pick' });
    }
  };

  const start = async (fileName: string, csv: string) => {
    setError('');
    setStep({ name: 'importing', fileName, status: null });
    try {
      const { importId } = await editorFetch<{ importId: string }>(ProductApi.importStart, {
        method: 'POST',
        json: { csv },
      });
      for (;;) {
        const status = await editorFetch<ImportStatus>(ProductApi.importStatus(importId));
        if (!live.current) return;
        if (status.state === 'done' || status.state === 'failed') {
          setStep({ name: 'done', status });
          onImported();
          return;
        }
        setStep({ name: 'importing', fileName, status });
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
      if (!live.current) return;
      setError(actionFailureText(err));
      setStep({ name: 'pick' });
    }
  };

  return (
    <Dialog title="Import products from CSV" onClose={onClose} wide>
      <div ref={body} className="ed-import-body">
        {error && (
          <p className="ed-alert" role="alert">
            {error}
          </p>
        )}
        {step.name === 'pick' && <PickStep onPick={(f) => void pick(f)} />}
        {step.name === 'previewing' && (
          <p role="status" className="ed-loading">
            Reading {step.fileName}…
          </p>
        )}
        {step.name === 'preview' && (
          <PreviewStep
            fileName={step.fileName}
            preview={step.preview}
            onImport={() => void start(step.fileName, step.csv)}
            onBack={() => setStep({ name: 'pick' })}
          />
        )}
        {step.name === 'importing' && (
          <div className="ed-import-progress">
            <p role="status" tabIndex={-1} data-autofocus>
              {step.status
                ? `Imported ${step.status.processed} of ${plural(step.status.total, 'product')}…`
                : `Starting the import of ${step.fileName}…`}
            </p>
            <progress
              max={1}
              value={step.status ? importProgress(step.status) : undefined}
              aria-label="Import progress"
            />
            <p className="ed-muted">You can close this window; the import keeps going.</p>
          </div>
        )}
        {step.name === 'done' && <DoneStep status={step.status} onClose={onClose} />}
      </div>
    </Dialog>
  );
}

function PickStep({ onPick }: { onPick: (file: File) => void }) {
  return (
    <>
      <p>
        One row per variant; rows with the same Product ID (or title) make one product. A known
        Product ID or SKU updates that product, anything else is added. You see what will change
        before anything is saved.
      </p>
      <label className="ed-labelled ed-file-pick">
        <span>CSV file</span>
        <input
          type="file"
          accept=".csv,text/csv"
          className="ed-input"
          data-autofocus
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) onPick(f);
          }}
        />
      </label>
      <details className="ed-details">
        <summary>Columns</summary>
        <p className="ed-small-text">
          {CSV_COLUMNS.join(', ')}. Export your products to get a file with every column filled in.
        </p>
      </details>
      <p>
        <a href={ProductApi.exportCsv} download>
          Export current products as CSV
        </a>
      </p>
    </>
  );
}

function PreviewStep({
  fileName,
  preview,
  onImport,
  onBack,
}: {
  fileName: string;
  preview: ImportPreview;
  onImport: () => void;
  onBack: () => void;
}) {
  const blocked = preview.errors.length > 0;
  return (
    <>
      <p>
        <strong>{fileName}</strong>: {plural(preview.rowCount, 'row')}.
      </p>
      <dl className="ed-stats ed-import-stats">
        <div className="ed-stat">
          <dt>New products</dt>
          <dd className="ed-stat-value">{preview.productsToCreate}</dd>
        </div>
        <div className="ed-stat">
          <dt>Updated products</dt>
          <dd className="ed-stat-value">{preview.productsToUpdate}</dd>
        </div>
        <div className="ed-stat">
          <dt>Problems</dt>
          <dd className="ed-stat-value">{preview.errors.length}</dd>
        </div>
      </dl>
      {preview.warnings.length > 0 && (
        <ul className="ed-import-warnings" aria-label="Warnings">
          {preview.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {blocked && (
        <div className="ed-alert ed-import-errors" role="alert">
          <p>
            <strong>Fix these rows and choose the file again; nothing was imported.</strong>
          </p>
          <ul>
            {preview.errors.slice(0, 50).map((e, i) => (
              <li key={`${e.row}-${i}`}>
                Row {e.row}: {e.message}
              </li>
            ))}
            {preview.errors.length > 50 && <li>…and {preview.errors.length - 50} more.</li>}
          </ul>
        </div>
      )}
      {preview.sample.length > 0 && (
        <div
          className="ed-table-wrap"
          role="region"
          aria-labelledby="ed-import-sample"
          tabIndex={0}
        >
          <table className="ed-table">
            <caption id="ed-import-sample">
              {preview.sample.length < preview.productsToCreate + preview.productsToUpdate
                ? `The first ${preview.sample.length} products`
                : 'Products in the file'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col" className="ed-num">
                  Variants
                </th>
                <th scope="col" className="ed-num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((s, i) => (
                <tr key={`${s.title}-${i}`}>
                  <th scope="row">{s.title}</th>
                  <td>{typeLabel(s.productType)}</td>
                  <td className="ed-num">{s.variantCount}</td>
                  <td className="ed-num">{s.priceText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="ed-actions ed-dialog-actions">
        <button
          type="button"
          className="ed-button"
          onClick={onBack}
          data-autofocus={blocked || undefined}
        >
          Choose another file
        </button>
        <button
          type="button"
          className="ed-button ed-button-primary"
          data-autofocus={!blocked || undefined}
          disabled={blocked || preview.productsToCreate + preview.productsToUpdate === 0}
          onClick={onImport}
        >
          Import {plural(preview.productsToCreate + preview.productsToUpdate, 'product')}
        </button>
      </div>
    </>
  );
}

function DoneStep({ status, onClose }: { status: ImportStatus; onClose: () => void }) {
  const ok = status.state === 'done';
  return (
    <div role="status">
      <p className={ok ? 'ed-saved' : 'ed-inline-error'}>
        <strong>
          {ok
            ? `Import finished: ${status.created} added, ${status.updated} updated.`
            : 'The import stopped before the end.'}
        </strong>
      </p>
      {status.errors.length > 0 && (
        <ul className="ed-import-errors">
          {status.errors.slice(0, 50).map((e, i) => (
            <li key={`${e.row}-${i}`}>
              Row {e.row}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <div className="ed-actions ed-dialog-actions">
        <button
          type="button"
          className="ed-button ed-button-primary"
          data-autofocus
          onClick={onClose}
        >
          Done
        </button>
      </div>
    </div>
  );
}
