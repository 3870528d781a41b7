import { useState } from 'react';
import type { MediaAsset, MediaKind } from '../../../shared/media/api.js';
import { LoadError } from '../load-view.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { MediaDetail } from './media-detail.js';
import { MediaGrid } from './media-grid.js';
import { useMediaLibrary } from './media-library.js';
import { DropZone, UploadList, useUploadQueue } from './upload-queue.js';
import './media.css';

/** /config#/media: the website's images and files — upload, search, edit, replace, delete. */
export function MediaScreen() {
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<MediaKind | ''>('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const library = useMediaLibrary(q, kind || undefined);
  const uploads = useUploadQueue((asset) => library.added(asset));
  const selected = library.assets.find((a) => a.id === selectedId);

  return (
    <>
      <ScreenHeading
        title="Media"
        intro="Pictures for your products and pages, and the files you sell as downloads."
      />
      <DropZone onFiles={uploads.add} />
      <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
      <div className="ed-toolbar md-filters">
        <label>
          <span className="ed-visually-hidden">Search media</span>
          <input
            type="search"
            className="ed-input"
            placeholder="Search by name, title or alt text"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
        </label>
        <label>
          <span className="ed-visually-hidden">Show</span>
          <select
            className="ed-input"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as MediaKind | '')}
          >
            <option value="">Images and files</option>
            <option value="image">Images</option>
            <option value="file">Files</option>
          </select>
        </label>
      </div>
      <div className={`md-layout${selected ? '' : ' md-layout-single'}`}>
        <div aria-busy={library.status === 'loading'}>
          {library.status === 'error' ? (
            <LoadError error={library.error} onRetry={library.reload} />
          ) : library.assets.length === 0 && library.status === 'ready' ? (
            <p className="ed-empty">
              {q || kind ? 'Nothing matches this search.' : 'No media yet. Upload some above.'}
            </p>
          ) : (
            <MediaGrid
              assets={library.assets}
              selected={new Set(selectedId ? [selectedId] : [])}
              onSelect={(a: MediaAsset) => setSelectedId(a.id === selectedId ? null : a.id)}
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
        {selected && (
          <MediaDetail
            asset={selected}
            onChanged={library.updated}
            onDeleted={(id) => {
              library.removed(id);
              setSelectedId(null);
            }}
            onClose={() => setSelectedId(null)}
          />
        )}
      </div>
    </>
  );
}
