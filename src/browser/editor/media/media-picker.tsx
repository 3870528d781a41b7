import { useEffect, useRef, useState } from 'react';
import type { MediaAsset, MediaKind } from '../../../shared/media/api.js';
import { LoadError } from '../load-view.js';
import { MediaGrid } from './media-grid.js';
import { useMediaLibrary } from './media-library.js';
import { DropZone, UploadList, useUploadQueue } from './upload-queue.js';
import './media.css';

/**
 * The media library as a modal dialog, for other screens (the product editor's images and
 * digital file): search, upload (uploads are selected as they finish), choose one or several.
 * A native modal <dialog>: the page behind is inert, so focus stays inside; Escape closes.
 */
export function MediaPicker(props: {
  kind?: MediaKind;
  multiple?: boolean;
  onPick: (assets: MediaAsset[]) => void;
  onClose: () => void;
}) {
  const { kind, multiple = false, onPick, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<MediaAsset[]>([]);
  const library = useMediaLibrary(q, kind);
  const choose = (asset: MediaAsset) =>
    setChosen((prev) => {
      if (prev.some((a) => a.id === asset.id)) return prev.filter((a) => a.id !== asset.id);
      return multiple ? [...prev, asset] : [asset];
    });
  const uploads = useUploadQueue((asset) => {
    library.added(asset);
    if (!kind || asset.kind === kind) choose(asset);
  });

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const heading =
    kind === 'file' ? 'Choose a file' : multiple ? 'Choose images' : 'Choose an image';
  return (
    <dialog
      ref={dialog}
      className="md-dialog"
      aria-labelledby="md-picker-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="md-dialog-head">
        <h2 id="md-picker-title">{heading}</h2>
        <button type="button" className="ed-button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="md-dialog-body">
        <DropZone onFiles={uploads.add} {...(kind === 'image' ? { accept: 'image/*' } : {})} />
        <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
        <label className="md-search">
          <span className="ed-visually-hidden">Search the media library</span>
          <input
            type="search"
            className="ed-input"
            placeholder="Search by name, title or alt text"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
        </label>
        {library.status === 'error' ? (
          <LoadError error={library.error} onRetry={library.reload} />
        ) : library.assets.length === 0 && library.status === 'ready' ? (
          <p className="ed-empty">{q ? 'Nothing matches this search.' : 'No files yet.'}</p>
        ) : (
          <MediaGrid
            assets={library.assets}
            selected={new Set(chosen.map((a) => a.id))}
            onSelect={choose}
            {...(multiple ? {} : { onOpen: (a: MediaAsset) => onPick([a]) })}
          />
        )}
        {library.hasMore && (
          <button
            type="button"
            className="ed-button"
            disabled={library.status === 'loading'}
            onClick={library.loadMore}
          >
            Show more
          </button>
        )}
      </div>
      <div className="md-dialog-foot">
        <span className="ed-muted" role="status">
          {chosen.length === 0 ? 'Nothing chosen' : `${chosen.length} chosen`}
        </span>
        <button type="button" className="ed-button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="ed-button ed-button-primary"
          disabled={chosen.length === 0}
          onClick={() => onPick(chosen)}
        >
          Choose
        </button>
      </div>
    </dialog>
  );
}
