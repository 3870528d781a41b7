import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import type { MediaAsset } from '../../../shared/media/api.js';
import type { OwnerImageRef } from '../../../shared/product/owner-api.js';
import { ProductLimits } from '../../../shared/product/owner-api.js';
import { Loading } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { uploadMedia } from '../media/upload.js';
import { Card, FieldError } from './fields.js';
import type { FieldErrors } from './product-form.js';
import { moveItem } from './variant-grid.js';

const MediaPicker = lazy(() =>
  import('../media/media-picker.js').then((m) => ({ default: m.MediaPicker })),
);

/** A media asset as the product's image. */
export function imageRefOf(a: MediaAsset): OwnerImageRef {
  return {
    assetId: a.id,
    assetUrl: a.assetUrl ?? '',
    altText: a.altText,
    originalSize: a.originalSize ?? '',
  };
}

/** A sized copy of an image for the editor's tiles (SPEC 9.2 widths). */
export function imageSrc(ref: Pick<OwnerImageRef, 'assetUrl'>, width: 100 | 300 = 300): string {
  return `${ref.assetUrl}/${width}w.webp`;
}

interface Upload {
  key: number;
  name: string;
  /** 0–1 */
  progress: number;
  error?: string;
}

/**
 * The product's images: upload by dropping files or choosing them (each with its own progress),
 * add from the media library, reorder by dragging or with the move buttons, remove. The first
 * is the main image.
 */
export function ImagesSection({
  images,
  onChange,
  errors,
}: {
  images: OwnerImageRef[];
  onChange: (update: (images: OwnerImageRef[]) => OwnerImageRef[]) => void;
  errors: FieldErrors;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [picking, setPicking] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const seq = useRef(0);

  const room = ProductLimits.imagesMax - images.length;

  const upload = (files: File[]) => {
    for (const file of files.slice(0, Math.max(0, room))) {
      seq.current += 1;
      const key = seq.current;
      setUploads((u) => [...u, { key, name: file.name, progress: 0 }]);
      const patch = (p: Partial<Upload>) =>
        setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...p } : x)));
      uploadMedia(file, (fraction: number) => patch({ progress: fraction })).then(
        (asset: MediaAsset) => {
          setUploads((u) => u.filter((x) => x.key !== key));
          onChange((imgs) => [...imgs, imageRefOf(asset)]);
          setAnnounce(`${file.name} uploaded.`);
        },
        (err: unknown) => patch({ error: actionFailureText(err) }),
      );
    }
  };

  const move = (from: number, to: number, focus: boolean) => {
    onChange((imgs) => moveItem(imgs, from, to));
    setAnnounce(`Image moved to position ${to + 1} of ${images.length}.`);
    if (focus)
      requestAnimationFrame(() => {
        const tile = listRef.current?.querySelectorAll<HTMLElement>('.ed-image-tile')[to];
        // The same direction's button, or the other when the image reached the end.
        const order = from < to ? ['right', 'left'] : ['left', 'right'];
        const buttons = order.map((side) =>
          tile?.querySelector<HTMLButtonElement>(`[data-move="${side}"]`),
        );
        buttons.find((btn) => btn && !btn.disabled)?.focus();
      });
  };

  const onDropFiles = (e: DragEvent) => {
    setDropping(false);
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    upload([...e.dataTransfer.files].filter((f) => f.type.startsWith('image/')));
  };

  return (
    <Card
      title="Images"
      id="images"
      intro="The first image is the main one, shown in lists and shared links. Drag to reorder."
    >
      <FieldError errors={errors} path="imageIds" />
      {images.length > 0 && (
        <ol className="ed-image-list" ref={listRef} aria-label="Product images, in order">
          {images.map((img, i) => (
            <li
              key={img.assetId}
              className={`ed-image-tile${dragFrom === i ? ' ed-dragging' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragFrom(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(i));
              }}
              onDragEnd={() => setDragFrom(null)}
              onDragOver={(e) => {
                if (dragFrom !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                e.stopPropagation();
                move(dragFrom, i, false);
                setDragFrom(null);
              }}
            >
              <img
                src={imageSrc(img)}
                alt={img.altText || `Image ${i + 1}`}
                draggable={false}
                onError={(e) => {
                  const el = e.currentTarget;
                  if (!el.dataset.fallback) {
                    el.dataset.fallback = '1';
                    el.src = imageSrc(img, 100);
                  }
                }}
              />
              {i === 0 && <span className="ed-pill ed-main-mark">Main image</span>}
              <div className="ed-image-actions">
                <button
                  type="button"
                  className="ed-icon-button"
                  data-move="left"
                  aria-label={`Move image ${i + 1} left`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1, true)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="ed-icon-button"
                  data-move="right"
                  aria-label={`Move image ${i + 1} right`}
                  disabled={i === images.length - 1}
                  onClick={() => move(i, i + 1, true)}
                >
                  →
                </button>
                <button
                  type="button"
                  className="ed-icon-button ed-button-danger"
                  aria-label={`Remove image ${i + 1}`}
                  onClick={() => {
                    onChange((imgs) => imgs.filter((x) => x.assetId !== img.assetId));
                    setAnnounce(`Image ${i + 1} removed.`);
                  }}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {uploads.length > 0 && (
        <ul className="ed-uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key}>
              <span className="ed-upload-name">{u.name}</span>
              {u.error ? (
                <>
                  <span className="ed-inline-error" role="alert">
                    {u.error}
                  </span>
                  <button
                    type="button"
                    className="ed-button ed-button-quiet"
                    onClick={() => setUploads((x) => x.filter((y) => y.key !== u.key))}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <progress max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
              )}
            </li>
          ))}
        </ul>
      )}
      <div
        className={`ed-dropzone${dropping ? ' ed-dropzone-active' : ''}`}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) {
            e.preventDefault();
            setDropping(true);
          }
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDropFiles}
      >
        <p>
          {room > 0
            ? 'Drop images here, or'
            : `A product can have ${ProductLimits.imagesMax} images.`}
        </p>
        <div className="ed-actions">
          <button
            type="button"
            className="ed-button"
            disabled={room <= 0}
            onClick={() => fileInput.current?.click()}
          >
            Upload images
          </button>
          <button
            type="button"
            className="ed-button"
            disabled={room <= 0}
            onClick={() => setPicking(true)}
          >
            Choose from library
          </button>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Upload images"
          onChange={(e) => {
            upload([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>
      <p className="ed-visually-hidden" role="status">
        {announce}
      </p>
      {picking && (
        <Suspense fallback={<Loading />}>
          <MediaPicker
            kind="image"
            multiple
            onPick={(assets: MediaAsset[]) => {
              setPicking(false);
              onChange((imgs) => {
                const have = new Set(imgs.map((x) => x.assetId));
                const added = assets.filter((a) => !have.has(a.id)).map(imageRefOf);
                return [...imgs, ...added].slice(0, ProductLimits.imagesMax);
              });
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
