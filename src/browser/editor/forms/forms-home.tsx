import { FormsApi, type FormListItemJson } from '../../../shared/forms/owner-api.js';
import { editorFetch } from '../editor-fetch.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { formHref } from '../routes.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { KIND_LABELS } from './api.js';
import { Outbox } from './outbox-section.js';
import './forms.css';

/** 'Forms & mail': the website's forms with their inboxes, the mailing lists, and the outbox. */
export function FormsHome() {
  const state = useLoad(
    (signal) => editorFetch<{ items: FormListItemJson[] }>(FormsApi.list, { signal }),
    'forms-list',
  );
  return (
    <>
      <ScreenHeading
        title="Forms & mail"
        intro="Build forms, read what visitors sent, manage mailing lists and see every mail."
      >
        <a className="ed-button" href="#/mailing-lists">
          Mailing lists
        </a>
        <a className="ed-button ed-button-primary" href={formHref('new')}>
          New form
        </a>
      </ScreenHeading>
      <section className="ed-section" aria-labelledby="fm-forms">
        <h2 id="fm-forms">Forms</h2>
        <LoadView state={state}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="ed-empty">No forms yet. Create one to collect messages or sign-ups.</p>
            ) : (
              <ul className="fm-form-list" role="list">
                {items.map((f) => (
                  <li key={f.id} className="fm-form-row">
                    <div className="fm-form-main">
                      <a className="fm-form-name" href={formHref(f.id)}>
                        {f.name}
                      </a>
                      <span className="ed-muted ed-small">
                        {KIND_LABELS[f.kind]} · {f.fieldCount}{' '}
                        {f.fieldCount === 1 ? 'field' : 'fields'}
                        {f.webhookEnabled && <span className="ed-pill fm-pill">Webhook</span>}
                      </span>
                    </div>
                    <a
                      className={f.unread ? 'fm-inbox-link fm-unread' : 'fm-inbox-link'}
                      href={formHref(f.id, 'submissions')}
                    >
                      {f.submissions === 1 ? '1 submission' : `${f.submissions} submissions`}
                      {f.unread > 0 && ` · ${f.unread} unread`}
                      {f.lastSubmissionOn !== null && (
                        <span className="ed-muted ed-small fm-last">
                          Last {formatDateTime(f.lastSubmissionOn)}
                        </span>
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadView>
      </section>
      <Outbox />
    </>
  );
}
