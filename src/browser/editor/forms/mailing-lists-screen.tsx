import { useState, type FormEvent } from 'react';
import { SearchForm } from '../search-form.js';
import { ConfirmDelete } from '../confirm-delete.js';
import { Pager } from '../pager.js';
import {
  MailingListsApi,
  type MailingListJson,
  type SubscriberPageJson,
} from '../../../shared/forms/owner-api.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { formHref } from '../routes.js';
import { ScreenHeading } from '../screens/screen-heading.js';
import { useLoad } from '../use-load.js';
import { fieldErrorsOf } from './api.js';
import './forms.css';

/** `#/mailing-lists`: create, rename and delete lists; see, export and remove subscribers. */
export function MailingListsScreen() {
  const lists = useLoad(
    (signal) => editorFetch<{ items: MailingListJson[] }>(MailingListsApi.list, { signal }),
    'mailing-lists',
  );
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const list = await editorFetch<MailingListJson>(MailingListsApi.list, {
        method: 'POST',
        json: { name },
      });
      setName('');
      setChosen(list.id);
      lists.reload();
    } catch (err) {
      setError(fieldErrorsOf(err)?.name ?? actionFailureText(err));
    }
  };

  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/forms">Forms &amp; mail</a>
      </p>
      <ScreenHeading
        title="Mailing lists"
        intro="Who signed up through your newsletter forms and restock notices."
      />
      <section className="ed-section" aria-labelledby="ml-new">
        <h2 id="ml-new">New list</h2>
        <form className="ed-search" onSubmit={create}>
          <label htmlFor="ml-name">List name</label>
          <input
            id="ml-name"
            className="ed-input"
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ml-name-err' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="ed-button ed-button-primary">
            Create list
          </button>
        </form>
        {error && (
          <p className="ed-inline-error" id="ml-name-err" role="alert">
            {error}
          </p>
        )}
      </section>
      <section className="ed-section" aria-labelledby="ml-lists">
        <h2 id="ml-lists">Lists</h2>
        <LoadView state={lists}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="ed-empty">No mailing lists yet.</p>
            ) : (
              <ul className="fm-form-list" role="list">
                {items.map((l) => (
                  <ListRow
                    key={l.id}
                    list={l}
                    open={chosen === l.id}
                    onOpen={() => setChosen(chosen === l.id ? null : l.id)}
                    onChanged={lists.reload}
                  />
                ))}
              </ul>
            )
          }
        </LoadView>
      </section>
      {chosen && lists.data?.items.some((l) => l.id === chosen) && (
        <Subscribers
          key={chosen}
          list={lists.data.items.find((l) => l.id === chosen)!}
          onChanged={lists.reload}
        />
      )}
    </>
  );
}

function ListRow({
  list,
  open,
  onOpen,
  onChanged,
}: {
  list: MailingListJson;
  open: boolean;
  onOpen: () => void;
  onChanged: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await editorFetch(MailingListsApi.one(list.id), { method: 'PATCH', json: { name } });
      setRenaming(false);
      onChanged();
    } catch (err) {
      setError(fieldErrorsOf(err)?.name ?? actionFailureText(err));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await editorFetch(MailingListsApi.one(list.id), { method: 'DELETE' });
      onChanged();
    } catch (err) {
      setError(actionFailureText(err));
    }
  };

  return (
    <li className="fm-form-row fm-list-row">
      <div className="fm-form-main">
        {renaming ? (
          <form className="ed-search" onSubmit={rename}>
            <label className="ed-visually-hidden" htmlFor={`ml-rename-${list.id}`}>
              New name of {list.name}
            </label>
            <input
              id={`ml-rename-${list.id}`}
              className="ed-input"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="ed-button ed-button-primary">
              Save
            </button>
            <button type="button" className="ed-button" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <strong>{list.name}</strong>
        )}
        <span className="ed-muted ed-small">
          {list.subscribers === 1 ? '1 subscriber' : `${list.subscribers} subscribers`}
          {list.unsubscribed > 0 && ` · ${list.unsubscribed} unsubscribed`}
          {list.forms.length > 0 && (
            <>
              {' · '}
              {list.forms.map((f, i) => (
                <span key={f.id}>
                  {i > 0 && ', '}
                  <a href={formHref(f.id)}>{f.name}</a>
                </span>
              ))}
            </>
          )}
        </span>
        {error && (
          <span className="ed-inline-error ed-small" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="ed-actions">
        <button type="button" className="ed-button" aria-expanded={open} onClick={onOpen}>
          {open ? 'Hide subscribers' : 'Subscribers'}
        </button>
        {!renaming && (
          <button type="button" className="ed-button" onClick={() => setRenaming(true)}>
            Rename
          </button>
        )}
        <ConfirmDelete confirmLabel="Delete list and subscribers" onConfirm={remove} />
      </div>
    </li>
  );
}

const PAGE_SIZE = 50;

function Subscribers({ list, onChanged }: { list: MailingListJson; onChanged: () => void }) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const state = useLoad(
    (signal) =>
      editorFetch<SubscriberPageJson>(
        withQuery(MailingListsApi.subscribers(list.id), {
          q: query || undefined,
          page,
          pageSize: PAGE_SIZE,
        }),
        { signal },
      ),
    `subs-${list.id}|${query}|${page}`,
  );
  const remove = async (email: string) => {
    setMessage(null);
    try {
      await editorFetch(MailingListsApi.subscriber(list.id, email), { method: 'DELETE' });
      setMessage(`${email} removed.`);
      state.reload();
      onChanged();
    } catch (err) {
      setMessage(actionFailureText(err));
    }
  };
  const csv = withQuery(MailingListsApi.csv(list.id), { q: query || undefined });

  return (
    <section className="ed-section" aria-labelledby="ml-subs">
      <div className="fm-log-head">
        <h2 id="ml-subs">{list.name}: subscribers</h2>
        <a className="ed-button" href={csv} download>
          Export CSV
        </a>
      </div>
      <SearchForm
        id="ml-search"
        label="Search addresses"
        onSearch={(text) => {
          setQuery(text);
          setPage(1);
        }}
      />
      <p role="status" className="ed-saved">
        {message}
      </p>
      <LoadView state={state}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="ed-empty">{query ? 'No addresses match.' : 'No subscribers yet.'}</p>
          ) : (
            <>
              <ul className="fm-subscribers" role="list">
                {data.items.map((s) => (
                  <li key={s.email}>
                    <span className="fm-sub-email">{s.email}</span>
                    <span className="ed-muted ed-small">
                      {s.unsubscribedOn !== null
                        ? `Unsubscribed ${formatDateTime(s.unsubscribedOn)}`
                        : `Joined ${formatDateTime(s.subscribedOn)}`}
                    </span>
                    <button
                      type="button"
                      className="ed-button ed-button-danger"
                      aria-label={`Remove ${s.email}`}
                      onClick={() => remove(s.email)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                hasNextPage={data.hasNextPage}
                onPage={setPage}
                label="Subscriber pages"
                backLabel="Previous"
                forwardLabel="Next"
                status={`Page ${page} · ${data.total} in all`}
              />
            </>
          )
        }
      </LoadView>
    </section>
  );
}
