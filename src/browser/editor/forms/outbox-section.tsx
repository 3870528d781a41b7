import { useState } from 'react';
import type { OutboxMailJson, PageOf } from '../api-types.js';
import { DataTable } from '../data-table.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { Pager } from '../pager.js';
import { useLoad } from '../use-load.js';

const PAGE_SIZE = 20;

const STATUS_LABELS: Record<OutboxMailJson['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held (no mail server)',
};

/** Every mail the site sent or holds (the text alternative only: mail HTML is never rendered). */
export function Outbox() {
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
    <section aria-labelledby="fm-outbox" className="ed-section fm-stacked">
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
