import type { MediaAsset } from '../../../shared/media/api.js';
import { formatSize } from '../../../shared/media/messages.js';
import { fileBadge, thumbUrl } from './media-library.js';

/**
 * Thumbnails of the library. Each is a toggle button (aria-pressed) so the keyboard selects as
 * the mouse does; images are lazy-loaded at about 300 px.
 */
export function MediaGrid({
  assets,
  selected,
  onSelect,
  onOpen,
}: {
  assets: MediaAsset[];
  selected: ReadonlySet<string>;
  onSelect: (asset: MediaAsset) => void;
  /** A double click: choose this one at once (the picker). */
  onOpen?: (asset: MediaAsset) => void;
}) {
  return (
    <ul className="md-grid">
      {assets.map((a) => {
        const src = thumbUrl(a);
        return (
          <li key={a.id}>
            <button
              type="button"
              className="md-tile"
              aria-pressed={selected.has(a.id)}
              onClick={() => onSelect(a)}
              {...(onOpen ? { onDoubleClick: () => onOpen(a) } : {})}
              title={a.filename}
            >
              <span className="md-thumb">
                {src ? (
                  <img src={src} alt={a.altText} loading="lazy" decoding="async" />
                ) : (
                  <span className="md-file-badge" aria-hidden="true">
                    {fileBadge(a)}
                  </span>
                )}
              </span>
              <span className="md-tile-name">{a.filename}</span>
              <span className="md-tile-meta">
                {a.originalSize ? a.originalSize.replace('x', ' × ') : formatSize(a.size)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
