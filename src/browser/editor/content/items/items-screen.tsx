import { useState } from 'react';
import {
  ITEM_STATUSES,
  ITEM_STATUS_LABELS,
  ItemApi,
  type ItemListResponse,
  type ItemStatus,
} from '../../../../shared/content/item-api.js';
import { editorFetch, withQuery } from '../../editor-fetch.js';
import { LoadView } from '../../load-view.js';
import { cursorPaging, Pager } from '../../pager.js';
import { contentHref } from '../../routes.js';
import { ScreenHeading } from '../../screens/screen-heading.js';
import { SearchForm } from '../../search-form.js';
import { useLoad } from '../../use-load.js';
import { itemDateText, nounOf, StatusBadge, thumbOf } from './item-labels.js';
import '../../products/products.css';
import '../content.css';
import './items.css';

interface ListAnswer extends ItemListResponse {
  collection: { id: string; title: string; kind: string; url: string };
}

/**
 * `#/content/{collectionId}`: a blog's posts, an events page's events or a gallery's images,
 * every status, with a status filter, search and paging; each row opens the editor.
 */
export function ItemsScreen({ collectionId }: { collectionId: string }) {
  const [status, setStatus] = useState<ItemStatus | ''>('');
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const state = useLoad<ListAnswer>(
    (signal) =>
      editorFetch<ListAnswer>(
        withQuery(ItemApi.list(collectionId), { status: status || null, q: q || null, cursor }),
        { signal },
      ),
    `${collectionId}|${status}|${q}|${cursor ?? ''}`,
  );
  const collection = state.data?.collection;
  const noun = nounOf(collection?.kind ?? '');
  const filtered = !!status || !!q;

  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/pages">Pages</a>
      </p>
      <ScreenHeading
        title={collection?.title ?? 'Loading…'}
        intro={collection ? `${noun.many} on this page, published or not.` : undefined}
      >
        <a className="ed-button ed-button-primary" href={contentHref(collectionId, null)}>
          New {noun.one}
        </a>
      </ScreenHeading>

      <div className="ed-items-toolbar">
        <label className="ed-labelled">
          <span>Status</span>
          <select
            className="ed-input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ItemStatus | '');
              setCursors([null]);
            }}
          >
            <option value="">All statuses</option>
            {ITEM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ITEM_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <SearchForm
          id="items-search"
          label={`Search ${noun.many.toLowerCase()}`}
          placeholder="Title or excerpt"
          onSearch={(text) => {
            setQ(text);
            setCursors([null]);
          }}
        />
      </div>

      <LoadView state={state}>
        {(d) =>
          d.items.length === 0 ? (
            <div className="ed-empty ed-items-empty">
              <p>
                <strong>
                  {filtered
                    ? `No ${noun.many.toLowerCase()} match.`
                    : `No ${noun.many.toLowerCase()} yet.`}
                </strong>
              </p>
              {!filtered && (
                <a className="ed-button ed-button-primary" href={contentHref(collectionId, null)}>
                  Write the first {noun.one}
                </a>
              )}
            </div>
          ) : (
            <>
              <p className="ed-muted ed-count" role="status">
                {d.total === 1 ? `1 ${noun.one}` : `${d.total} ${noun.many.toLowerCase()}`}
              </p>
              <ul className="ed-item-list">
                {d.items.map((it) => (
                  <li key={it.id}>
                    <a className="ed-item-row" href={contentHref(collectionId, it.id)}>
                      {it.mainImageId ? (
                        <img
                          className="ed-thumb"
                          src={thumbOf(it.mainImageId)}
                          alt=""
                          loading="lazy"
                        />
                      ) : (
                        <span className="ed-thumb ed-thumb-empty" aria-hidden="true" />
                      )}
                      <span className="ed-item-main">
                        <span className="ed-item-title">{it.title || 'Untitled'}</span>
                        <span className="ed-muted ed-small-text">
                          {itemDateText(it, d.collection.kind)}
                        </span>
                      </span>
                      <StatusBadge status={it.status} />
                    </a>
                  </li>
                ))}
              </ul>
              <Pager
                page={cursors.length}
                hasNextPage={!!d.nextCursor}
                onPage={cursorPaging(cursors.length, d.nextCursor, setCursors)}
                label={`${noun.many} pages`}
              />
            </>
          )
        }
      </LoadView>
    </>
  );
}
