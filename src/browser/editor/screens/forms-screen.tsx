import { useState } from 'react';
import type { FormDefinitionJson } from '../../../shared/forms/types.js';
import type { FormSubmissionJson, OutboxMailJson, PageOf } from '../api-types.js';
import { DataTable } from '../data-table.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { labelledAnswers } from '../field-value-text.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { Pager } from '../pager.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

const PAGE_SIZE = 20;

const STATUS_LABELS: Record<OutboxMailJson['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held (no mail server)',
};

/**
 * Every visitor value here is rendered as React text (escaped): submissions and mail are
 * visitor data. Mail HTML bodies are never rendered; the plain-text alternative is shown.
 */
export function FormsScreen() {
  return (
    <>
      <ScreenHeading
        title="Forms & mail"
        intro="What visitors sent through your forms, and every mail the site sent or holds."
      />
      <Submissions />
      <Outbox />
    </>
  );
}

/** The definitions of the forms on a page of submissions, for field labels (public endpoint). */
async function loadDefinitions(
  formIds: string[],
  signal: AbortSignal,
): Promise<Map<string, FormDefinitionJson>> {
  const out = new Map<string, FormDefinitionJson>();
  await Promise.all(
    formIds.map(async (id) => {
      try {
        const r = await editorFetch<{ data: FormDefinitionJson }>(
          withQuery('/api/template/GetTemplateSchema', { type: 'form', id }),
          { signal },
        );
        out.set(id, r.data);
      } catch {
        // A deleted form: its answers are still shown, under the field ids.
      }
    }),
  );
  return out;
}

function Submissions() {
  const [page, setPage] = useState(1);
  const state = useLoad(async (signal) => {
    const list = await editorFetch<PageOf<FormSubmissionJson>>(
      withQuery('/api/form/submissions', { page, pageSize: PAGE_SIZE }),
      { signal },
    );
    const forms = await loadDefinitions([...new Set(list.items.map((i) => i.formId))], signal);
    return { list, forms };
  }, `subs-${page}`);

  return (
    <section aria-labelledby="fm-subs" className="ed-section">
      <h2 id="fm-subs">Form submissions</h2>
      <LoadView state={state}>
        {({ list, forms }) =>
          list.items.length === 0 ? (
            <p className="ed-empty">No form submissions yet.</p>
          ) : (
            <>
              <ol className="ed-cards">
                {list.items.map((s) => {
                  const form = forms.get(s.formId);
                  const answers = labelledAnswers(s.data, form?.fields);
                  return (
                    <li key={s.id} className="ed-card">
                      <article aria-labelledby={`sub-${s.id}`}>
                        <h3 id={`sub-${s.id}`}>
                          {form?.name ?? s.formId}{' '}
                          <span className="ed-muted">· {formatDateTime(s.createdOn)}</span>
                        </h3>
                        {s.pageContext.pagePath && (
                          <p className="ed-muted">
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
                      </article>
                    </li>
                  );
                })}
              </ol>
              <Pager
                page={list.page}
                hasNextPage={list.hasNextPage}
                onPage={setPage}
                label="Submission pages"
              />
            </>
          )
        }
      </LoadView>
    </section>
  );
}

function Outbox() {
  const [page, setPage] = useState(1);
  const state = useLoad(
    (signal) =>
      editorFetch<PageOf<OutboxMailJson>>(
        withQuery('/api/mail/outbox', { page, pageSize: PAGE_SIZE }),
        { signal },
      ),
    `outbox-${page}`,
  );
  return (
    <section aria-labelledby="fm-outbox" className="ed-section">
      <h2 id="fm-outbox">Mail outbox</h2>
      <LoadView state={state}>
        {(list) => (
          <>
            <DataTable
              caption="Mail sent or held by the site, newest first"
              isEmpty={list.items.length === 0}
              empty="No mail yet."
              head={
                <tr>
                  <th scope="col">Created</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Status</th>
                </tr>
              }
            >
              {list.items.map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTime(m.createdOn)}</td>
                  <td className="ed-path">{m.to}</td>
                  <th scope="row" className="ed-subject">
                    {m.subject}
                    <details>
                      <summary>Message</summary>
                      <pre className="ed-mail-text">{m.text}</pre>
                    </details>
                  </th>
                  <td>{m.kind}</td>
                  <td>
                    <span className={`ed-status ed-status-${m.status}`}>
                      {STATUS_LABELS[m.status] ?? m.status}
                    </span>
                    {m.status === 'sent' && m.sentOn && (
                      <span className="ed-muted"> {formatDateTime(m.sentOn)}</span>
                    )}
                    {m.lastError && <span className="ed-inline-error"> {m.lastError}</span>}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager
              page={list.page}
              hasNextPage={list.hasNextPage}
              onPage={setPage}
              label="Outbox pages"
            />
          </>
        )}
      </LoadView>
    </section>
  );
}
