import { useCallback, useRef, useState, type DragEvent } from 'react';
import { OwnerMessages } from '../../../shared/errors.js';
import { MediaLimits, type MediaAsset } from '../../../shared/media/api.js';
import { fileTooLargeText, formatSize } from '../../../shared/media/messages.js';
import { uploadMedia } from './upload.js';

export interface UploadItem {
  key: number;
  name: string;
  /** 0–1 */
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Uploads at once; more wait their turn (two small cores decode and encode the images). */
const PARALLEL = 3;

/**
 * Several files uploaded side by side, each with its progress and, when refused, SPEC 8.7's
 * message under 'Unable to Upload File'. Files over the size limit are refused here at once, with
 * the server's own text, rather than after sending 100 MB.
 */
export function useUploadQueue(onUploaded: (asset: MediaAsset) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(1);
  const waiting = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(0);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const patch = (key: number, change: Partial<UploadItem>) =>
    setItems((prev) => prev.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const pump = useCallback(() => {
    while (running.current < PARALLEL && waiting.current.length > 0) {
      const job = waiting.current.shift()!;
      running.current++;
      patch(job.key, { state: 'uploading' });
      uploadMedia(job.file, (progress) => patch(job.key, { progress }))
        .then(
          (asset) => {
            patch(job.key, { state: 'done', progress: 1 });
            uploaded.current(asset);
          },
          (err: unknown) =>
            patch(job.key, {
              state: 'failed',
              error:
                err instanceof Error && err.message ? err.message : OwnerMessages.UPLOAD_FAILED,
            }),
        )
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const fresh: UploadItem[] = files.map((file) => {
        const key = nextKey.current++;
        const max = file.type.startsWith('image/')
          ? MediaLimits.imageBytesMax
          : MediaLimits.fileBytesMax;
        if (file.size > max) {
          return {
            key,
            name: file.name,
            progress: 0,
            state: 'failed',
            error: fileTooLargeText(file.name, formatSize(max)),
          };
        }
        waiting.current.push({ key, file });
        return { key, name: file.name, progress: 0, state: 'waiting' };
      });
      setItems((prev) => [...fresh, ...prev.filter((i) => i.state !== 'done')]);
      pump();
    },
    [pump],
  );

  const dismiss = (key: number) => setItems((prev) => prev.filter((i) => i.key !== key));
  return { items, add, dismiss };
}

/** The upload list: a bar per file, the refusal under SPEC 8.7's heading. */
export function UploadList({
  items,
  onDismiss,
}: {
  items: UploadItem[];
  onDismiss: (key: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="md-uploads" aria-label="Uploads">
      {items.map((i) => (
        <li key={i.key} className={`md-upload md-upload-${i.state}`} data-upload-state={i.state}>
          <div className="md-upload-row">
            <span className="md-upload-name">{i.name}</span>
            <span className="md-upload-status">
              {i.state === 'waiting'
                ? 'Waiting…'
                : i.state === 'uploading'
                  ? `${Math.round(i.progress * 100)}%`
                  : i.state === 'done'
                    ? 'Uploaded'
                    : ''}
            </span>
            {(i.state === 'failed' || i.state === 'done') && (
              <button
                type="button"
                className="md-link-button"
                onClick={() => onDismiss(i.key)}
                aria-label={`Dismiss ${i.name}`}
              >
                ×
              </button>
            )}
          </div>
          {i.state === 'failed' ? (
            <div className="md-upload-error" role="alert">
              <strong>{OwnerMessages.UPLOAD_FAILED_TITLE}</strong>
              <p>{i.error}</p>
            </div>
          ) : (
            <progress
              max={1}
              value={i.progress}
              aria-label={`Uploading ${i.name}`}
              className="md-progress"
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** Drop files here, or choose them; several at once. */
export function DropZone({
  onFiles,
  accept,
}: {
  onFiles: (files: File[]) => void;
  accept?: string;
}) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) onFiles(files);
  };
  return (
    <div
      className={`md-drop${over ? ' md-drop-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>
        Drag files here or{' '}
        <button
          type="button"
          className="ed-button ed-button-primary"
          onClick={() => input.current?.click()}
        >
          Choose files
        </button>
      </p>
      <p className="ed-muted md-drop-note">
        Images (JPEG, PNG, WebP, GIF, AVIF) up to {formatSize(MediaLimits.imageBytesMax)}; files to
        sell (PDF, ZIP, EPUB, audio, video) up to {formatSize(MediaLimits.fileBytesMax)}.
      </p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="media-file-input"
        {...(accept ? { accept } : {})}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
