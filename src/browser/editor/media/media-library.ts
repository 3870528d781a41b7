import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MediaApi,
  type MediaAsset,
  type MediaKind,
  type MediaListResponse,
} from '../../../shared/media/api.js';
import { editorFetch, withQuery } from '../editor-fetch.js';

export interface MediaLibrary {
  assets: MediaAsset[];
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  /** After an upload: shown first, as the list is newest first. */
  added: (asset: MediaAsset) => void;
  /** After a change to one asset (rename, replace…). */
  updated: (asset: MediaAsset) => void;
  removed: (id: string) => void;
}

const PAGE = 60;

/**
 * The library as the screen and the picker list it: newest first, filtered by a search and a
 * kind, a page at a time (GET /api/media with its cursor). A new search drops answers to the old.
 */
export function useMediaLibrary(q: string, kind?: MediaKind): MediaLibrary {
  const [assets, setAssets] = useState<MediaAsset[]>([]);
  const [status, setStatus] = useState<MediaLibrary['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [nonce, setNonce] = useState(0);
  const ctrl = useRef<AbortController | null>(null);

  const fetchPage = useCallback(
    (after: string | null) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      setStatus('loading');
      editorFetch<MediaListResponse>(
        withQuery(MediaApi.list, { q: q.trim() || undefined, kind, cursor: after, limit: PAGE }),
        { signal: c.signal },
      ).then(
        (page) => {
          if (c.signal.aborted) return;
          setAssets((prev) => (after ? [...prev, ...page.assets] : page.assets));
          setCursor(page.nextCursor);
          setStatus('ready');
        },
        (err: unknown) => {
          if (c.signal.aborted) return;
          setError(err);
          setStatus('error');
        },
      );
    },
    [q, kind],
  );

  useEffect(() => {
    // A search waits for a pause in typing.
    const t = setTimeout(() => fetchPage(null), q ? 250 : 0);
    return () => {
      clearTimeout(t);
      ctrl.current?.abort();
    };
  }, [fetchPage, nonce, q]);

  return {
    assets,
    status,
    error,
    hasMore: cursor !== null,
    loadMore: () => fetchPage(cursor),
    reload: () => setNonce((n) => n + 1),
    added: (asset) =>
      setAssets((prev) =>
        kind && asset.kind !== kind ? prev : [asset, ...prev.filter((a) => a.id !== asset.id)],
      ),
    updated: (asset) => setAssets((prev) => prev.map((a) => (a.id === asset.id ? asset : a))),
    removed: (id) => setAssets((prev) => prev.filter((a) => a.id !== id)),
  };
}

/** The stored width to show at about `slot` pixels (the smallest that covers it). */
export function thumbUrl(asset: MediaAsset, slot = 300): string | null {
  if (!asset.assetUrl) return null;
  const widths = [...asset.widths].sort((a, b) => a - b);
  const w = widths.find((x) => x >= slot) ?? widths[widths.length - 1] ?? 100;
  return `${asset.assetUrl}/${w}w.webp`;
}

/** 'PDF', 'ZIP', 'MP3'… — the badge a file shows instead of a picture. */
export function fileBadge(asset: MediaAsset): string {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(asset.filename)?.[1];
  if (ext) return ext.toUpperCase();
  return (asset.contentType.split('/')[1] ?? 'file').toUpperCase().slice(0, 5);
}
