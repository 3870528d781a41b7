import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { OwnerMessages } from '../../../shared/errors.js';
import {
  MediaApi,
  type MediaAsset,
  type MediaPatch,
  type MediaUsage,
} from '../../../shared/media/api.js';
import { formatSize } from '../../../shared/media/messages.js';
import { ApiError } from '../../lib/api.js';
import { editorFetch } from '../editor-fetch.js';
import { actionFailureText } from '../messages.js';
import { fileBadge, thumbUrl } from './media-library.js';
import { replaceMedia } from './upload.js';

type Notice = { kind: 'saved' | 'error'; title?: string; text: string; usedBy?: MediaUsage[] };

/**
 * One asset's panel: preview (click the picture to set the focal point), file name, title and
 * alt text, facts, replace, copy URL, download and delete (confirmed). Owners without a writing
 * role see the same panel; the server refuses their changes with its text.
 */
export function MediaDetail({
  asset,
  onChanged,
  onDeleted,
  onClose,
}: {
  asset: MediaAsset;
  onChanged: (asset: MediaAsset) => void;
  onDeleted: (id: string) => void;
  onClose: () => void;
}) {
  const [filename, setFilename] = useState(asset.filename);
  const [title, setTitle] = useState(asset.title);
  const [altText, setAltText] = useState(asset.altText);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [replacing, setReplacing] = useState<number | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);

  // Another asset chosen, or this one changed elsewhere: the fields follow it.
  useEffect(() => {
    setFilename(asset.filename);
    setTitle(asset.title);
    setAltText(asset.altText);
  }, [asset.id, asset.filename, asset.title, asset.altText]);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    setNotice(null);
    setConfirming(false);
    // On narrow screens the panel sits above the grid: bring it into view when a tile is chosen.
    if (window.matchMedia('(max-width: 1000px)').matches) {
      panel.current?.scrollIntoView({ block: 'start' });
    }
  }, [asset.id]);

  const patch = async (change: MediaPatch, renaming: boolean) => {
    setBusy(true);
    setNotice(null);
    try {
      const res = await editorFetch<{ asset: MediaAsset }>(MediaApi.one(asset.id), {
        method: 'PATCH',
        json: change,
      });
      onChanged(res.asset);
      setNotice({ kind: 'saved', text: 'Saved' });
    } catch (err) {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      setNotice(
        renaming
          ? {
              kind: 'error',
              title: OwnerMessages.RENAME_FAILED_TITLE,
              text: refused ? err.message : OwnerMessages.RENAME_FAILED,
            }
          : { kind: 'error', text: actionFailureText(err) },
      );
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const change: MediaPatch = {};
    if (filename !== asset.filename) change.filename = filename;
    if (title !== asset.title) change.title = title;
    if (altText !== asset.altText) change.altText = altText;
    if (Object.keys(change).length === 0) {
      setNotice({ kind: 'saved', text: 'Nothing to save' });
      return;
    }
    void patch(change, change.filename !== undefined);
  };

  const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
  const setFocal = (e: MouseEvent<HTMLButtonElement>) => {
    // A click from the keyboard (Enter, Space) has no position: the arrow keys move the point.
    if (e.detail === 0 || busy) return;
    const box = e.currentTarget.getBoundingClientRect();
    void patch(
      {
        focalPoint: {
          x: clamp((e.clientX - box.left) / box.width),
          y: clamp((e.clientY - box.top) / box.height),
        },
      },
      false,
    );
  };
  const moveFocal = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-0.05, 0],
      ArrowRight: [0.05, 0],
      ArrowUp: [0, -0.05],
      ArrowDown: [0, 0.05],
    };
    const d = step[e.key];
    if (!d || busy) return;
    e.preventDefault();
    void patch(
      {
        focalPoint: {
          x: clamp(asset.focalPoint.x + d[0]),
          y: clamp(asset.focalPoint.y + d[1]),
        },
      },
      false,
    );
  };

  const replace = (file: File) => {
    setReplacing(0);
    setNotice(null);
    replaceMedia(asset.id, file, setReplacing)
      .then(
        (updated) => {
          onChanged(updated);
          setNotice({ kind: 'saved', text: 'Replaced' });
        },
        (err: unknown) =>
          setNotice({
            kind: 'error',
            title: OwnerMessages.UPLOAD_FAILED_TITLE,
            text: err instanceof Error ? err.message : OwnerMessages.UPLOAD_FAILED,
          }),
      )
      .finally(() => setReplacing(null));
  };

  const remove = async () => {
    setBusy(true);
    try {
      await editorFetch(MediaApi.one(asset.id), { method: 'DELETE' });
      onDeleted(asset.id);
    } catch (err) {
      const usedBy =
        err instanceof ApiError
          ? ((err.body as { error?: { usedBy?: MediaUsage[] } } | null)?.error?.usedBy ??
            (err.body as { usedBy?: MediaUsage[] } | null)?.usedBy)
          : undefined;
      setNotice({ kind: 'error', text: actionFailureText(err), ...(usedBy ? { usedBy } : {}) });
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const copyUrl = async () => {
    const url = asset.assetUrl
      ? new URL(asset.assetUrl, window.location.origin).href
      : asset.downloadUrl && new URL(asset.downloadUrl, window.location.origin).href;
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNotice({
        kind: 'saved',
        text: asset.assetUrl ? 'URL copied' : 'Download link copied (it works for an hour)',
      });
    } catch {
      setNotice({ kind: 'error', text: `Copy this URL: ${url}` });
    }
  };

  const preview = thumbUrl(asset, 750);
  return (
    <section ref={panel} className="ed-section md-detail" aria-labelledby="md-detail-title">
      <div className="md-upload-row">
        <h2 id="md-detail-title" className="md-upload-name">
          {asset.filename}
        </h2>
        <button type="button" className="ed-button" onClick={onClose} aria-label="Close details">
          ×
        </button>
      </div>
      {preview ? (
        <>
          <button
            type="button"
            className="md-focal"
            onClick={setFocal}
            onKeyDown={moveFocal}
            aria-disabled={busy}
            aria-label={`Focal point ${Math.round(asset.focalPoint.x * 100)}% across, ${Math.round(asset.focalPoint.y * 100)}% down: click the most important spot of the picture, or move it with the arrow keys`}
          >
            <img src={preview} alt={asset.altText} />
            <span
              className="md-focal-dot"
              data-testid="focal-dot"
              style={{ left: `${asset.focalPoint.x * 100}%`, top: `${asset.focalPoint.y * 100}%` }}
            />
          </button>
          <p className="ed-muted md-drop-note">
            Click the picture (or use the arrow keys) to set its focal point: crops keep that spot
            in view.
          </p>
        </>
      ) : (
        <div className="md-file-preview" aria-hidden="true">
          {fileBadge(asset)}
        </div>
      )}

      <form
        className="md-fields"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label>
          File name
          <input
            className="ed-input"
            value={filename}
            maxLength={200}
            onChange={(e) => setFilename(e.currentTarget.value)}
          />
        </label>
        <label>
          Title
          <input
            className="ed-input"
            value={title}
            maxLength={500}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </label>
        {asset.kind === 'image' && (
          <label>
            Alt text
            <textarea
              className="ed-input"
              rows={3}
              value={altText}
              maxLength={1000}
              onChange={(e) => setAltText(e.currentTarget.value)}
            />
            <span className="ed-muted md-drop-note">
              What the picture shows, for shoppers who cannot see it.
            </span>
          </label>
        )}
        <div className="md-actions">
          <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>

      {notice &&
        (notice.kind === 'saved' ? (
          <p className="ed-saved" role="status">
            {notice.text}
          </p>
        ) : (
          <div className="md-error" role="alert">
            {notice.title && <strong>{notice.title}</strong>}
            <p>{notice.text}</p>
            {notice.usedBy && (
              <ul>
                {notice.usedBy.map((u) => (
                  <li key={`${u.itemId}-${u.role}`}>
                    {u.title} ({u.role})
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}

      <dl className="md-facts">
        <dt>Type</dt>
        <dd>{asset.contentType}</dd>
        {asset.size > 0 && (
          <>
            <dt>Size</dt>
            <dd>{formatSize(asset.size)}</dd>
          </>
        )}
        {asset.originalSize && (
          <>
            <dt>Dimensions</dt>
            <dd>{asset.originalSize.replace('x', ' × ')} px</dd>
          </>
        )}
        <dt>Added</dt>
        <dd>{new Date(asset.createdOn).toLocaleDateString()}</dd>
        {asset.assetUrl && (
          <>
            <dt>URL</dt>
            <dd>
              <code>{asset.assetUrl}</code>
            </dd>
          </>
        )}
      </dl>

      {replacing !== null && (
        <progress
          className="md-progress"
          max={1}
          value={replacing}
          aria-label={`Replacing ${asset.filename}`}
        />
      )}
      <div className="md-actions">
        <button
          type="button"
          className="ed-button"
          disabled={busy || replacing !== null}
          onClick={() => replaceInput.current?.click()}
        >
          Replace…
        </button>
        <input
          ref={replaceInput}
          type="file"
          hidden
          {...(asset.kind === 'image' ? { accept: 'image/*' } : {})}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (f) replace(f);
          }}
        />
        <button type="button" className="ed-button" onClick={() => void copyUrl()}>
          Copy URL
        </button>
        {asset.downloadUrl && (
          <a className="ed-button" href={asset.downloadUrl}>
            Download
          </a>
        )}
        {!confirming && (
          <button
            type="button"
            className="ed-button md-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Delete…
          </button>
        )}
      </div>
      {confirming && (
        <div className="ed-alert" role="alertdialog" aria-label="Confirm delete">
          <p>Delete {asset.filename}? This cannot be undone.</p>
          <button
            type="button"
            className="ed-button md-danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </button>
          <button type="button" className="ed-button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
