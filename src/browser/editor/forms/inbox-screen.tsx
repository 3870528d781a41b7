import { useState } from 'react';
import { SearchForm } from '../search-form.js';
import { ConfirmDelete } from '../confirm-delete.js';
import { cursorPaging, Pager } from '../pager.js';
import {
  FormsApi,
  type OwnerFormJson,
  type SubmissionJson,
  type SubmissionPageJson,
} from '../../../shared/forms/owner-api.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { labelledAnswers } from '../field-value-text.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { formHref } from '../routes.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import './forms.css';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

/**
 * `#/forms/{id}/submissions`: newest first, unread in bold; search the answers, filter by read
 * state, open one (which marks it read), select some to mark or delete, export CSV. Visitor
 * values are React text (escaped); only answered fields are listed.
 */
export function InboxScreen({ formId }: { formId: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [query, setQuery] = useState('');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;

  const form = useLoad(
    (signal) => editorFetch<OwnerFormJson>(FormsApi.one(formId), { signal }),
    `inbox-form-${formId}`,
  );
  const page = useLoad(
    (signal) =>
      editorFetch<SubmissionPageJson>(
        withQuery(FormsApi.submissions(formId), {
          filter,
          q: query || undefined,
          cursor,
          limit: 25,
        }),
        { signal },
      ),
    `inbox-${formId}|${filter}|${query}|${cursor ?? ''}`,
  );

  const search = (text: string) => {
    setQuery(text);
    setCursors([null]);
    setSelected(new Set());
  };
  const run = async (work: () => Promise<string>) => {
    setMessage(null);
    try {
      setMessage({ ok: true, text: await work() });
      setSelected(new Set());
      page.reload();
    } catch (err) {
      setMessage({ ok: false, text: actionFailureText(err) });
    }
  };
  const mark = (ids: string[], read: boolean) =>
    run(async () => {
      await editorFetch(FormsApi.submissionsRead(formId), { method: 'POST', json: { ids, read } });
      return read ? 'Marked as read.' : 'Marked as unread.';
    });
  const remove = (ids: string[]) =>
    run(async () => {
      const r = await editorFetch<{ deleted: number }>(FormsApi.submissionsDelete(formId), {
        method: 'POST',
        json: { ids },
      });
      return r.deleted === 1 ? '1 submission deleted.' : `${r.deleted} submissions deleted.`;
    });
  const openOne = (s: SubmissionJson) => {
    const next = open === s.id ? null : s.id;
    setOpen(next);
    if (next && !s.read) {
      // Opening reads it: mark quietly, then refresh the bold state.
      void editorFetch(FormsApi.submissionsRead(formId), {
        method: 'POST',
        json: { ids: [s.id], read: true },
      }).then(page.reload, () => undefined);
    }
  };
  const toggle = (id: string) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const ids = [...selected];
  const fields = form.data?.fields;
  const csv = withQuery(FormsApi.submissionsCsv(formId), { filter, q: query || undefined });

  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/forms">Forms &amp; mail</a>
      </p>
      <ScreenHeading title={form.data ? `${form.data.name}: submissions` : 'Submissions'}>
        <a className="ed-button" href={formHref(formId)}>
          Edit form
        </a>
        <a className="ed-button" href={csv} download>
          Export CSV
        </a>
      </ScreenHeading>
      <section className="ed-section" aria-label="Submissions">
        <div className="ed-toolbar ed-orders-toolbar">
          <SearchForm id="fm-inbox-search" label="Search answers" onSearch={search} />
          <fieldset className="ed-segmented ed-filters">
            <legend>Show</legend>
            {FILTERS.map((f) => (
              <label key={f.value}>
                <input
                  type="radio"
                  name="inbox-filter"
                  value={f.value}
                  checked={filter === f.value}
                  onChange={() => {
                    setFilter(f.value);
                    setCursors([null]);
                    setSelected(new Set());
                  }}
                />
                <span>{f.label}</span>
              </label>
            ))}
          </fieldset>
        </div>
        {ids.length > 0 && (
          <div className="fm-bulk" role="group" aria-label="Selected submissions">
            <span>{ids.length} selected</span>
            <button type="button" className="ed-button" onClick={() => mark(ids, true)}>
              Mark read
            </button>
            <button type="button" className="ed-button" onClick={() => mark(ids, false)}>
              Mark unread
            </button>
            <ConfirmDelete
              confirmLabel={`Delete ${ids.length} for good`}
              cancelLabel="Cancel"
              onConfirm={() => remove(ids)}
            />
          </div>
        )}
        <p role="status" className={message?.ok ? 'ed-saved' : 'ed-inline-error'}>
          {message?.text}
        </p>
        <LoadView state={page}>
          {(data) => (
            <>
              <p className="ed-muted ed-small">
                {data.total === 1 ? '1 submission' : `${data.total} submissions`}, {data.unread}{' '}
                unread{query ? ` · matching “${query}”` : ''}
              </p>
              {data.items.length === 0 ? (
                <p className="ed-empty">
                  {query || filter !== 'all' ? 'No submissions match.' : 'No submissions yet.'}
                </p>
              ) : (
                <ul className="fm-inbox" role="list">
                  {data.items.map((s) => {
                    const answers = labelledAnswers(s.data, fields);
                    const summary = answers
                      .slice(0, 2)
                      .map((a) => a.text.split('\n')[0])
                      .join(' · ');
                    const isOpen = open === s.id;
                    return (
                      <li key={s.id} className={s.read ? 'fm-sub' : 'fm-sub fm-unread'}>
                        <div className="fm-sub-row">
                          <input
                            type="checkbox"
                            className="fm-check"
                            aria-label={`Select submission of ${formatDateTime(s.createdOn)}`}
                            checked={selected.has(s.id)}
                            onChange={() => toggle(s.id)}
                          />
                          <button
                            type="button"
                            className="fm-sub-open"
                            aria-expanded={isOpen}
                            aria-controls={`fm-sub-${s.id}`}
                            onClick={() => openOne(s)}
                          >
                            <span className="fm-sub-summary">
                              {!s.read && <span className="ed-visually-hidden">Unread: </span>}
                              {summary || '(no answers)'}
                            </span>
                            <span className="ed-muted ed-small ed-nowrap">
                              {formatDateTime(s.createdOn)}
                            </span>
                          </button>
                        </div>
                        {isOpen && (
                          <div className="fm-sub-body" id={`fm-sub-${s.id}`}>
                            {s.pageContext.pagePath && (
                              <p className="ed-muted ed-small">
                                From <span className="ed-path">{s.pageContext.pagePath}</span>
                              </p>
                            )}
                            <dl className="ed-answers">
                              {answers.map((a) => (
                                <div key={a.id}>
                                  <dt>{a.label}</dt>
                                  <dd>{a.text}</dd>
                                </div>
                              ))}
                            </dl>
                            <div className="ed-actions">
                              <button
                                type="button"
                                className="ed-button"
                                onClick={() => mark([s.id], false)}
                              >
                                Mark unread
                              </button>
                              <ConfirmDelete
                                confirmLabel="Delete for good"
                                onConfirm={() => remove([s.id])}
                              />
                            </div>
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
              <Pager
                page={cursors.length}
                hasNextPage={Boolean(data.nextCursor)}
                onPage={cursorPaging(cursors.length, data.nextCursor, setCursors)}
                label="Submission pages"
              />
            </>
          )}
        </LoadView>
      </section>
    </>
  );
}
