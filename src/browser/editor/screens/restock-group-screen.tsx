import { SendNotificationsButton } from '../send-notifications-button.js';
import { useState } from 'react';
import type {
  RestockSettingsJson,
  RestockSignUpJson,
  RestockSignUpsResponse,
} from '../../../shared/restock/types.js';
import { RESTOCK_PATHS } from '../editor-constants.js';
import { DataTable } from '../data-table.js';
import { editorFetch, withQuery } from '../editor-fetch.js';
import { formatCount, formatDateTime } from '../format.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { loadRestockGroups, variantName } from '../restock-api.js';
import { SendStatus } from '../send-status.js';
import { useLoad } from '../use-load.js';
import { useSendTracker } from '../use-send-tracker.js';
import { ScreenHeading } from './screen-heading.js';

const PAGE = 50;

/** One variant's sign-ups (newest first, more on demand), its send button and auto-notify. */
export function RestockGroupScreen({
  productId,
  variantId,
}: {
  productId: string;
  variantId: string;
}) {
  const group = useLoad(
    async (signal) =>
      (await loadRestockGroups(signal)).find(
        (g) => g.productId === productId && g.variantId === variantId,
      ) ?? null,
    'group',
  );
  const signUps = useLoad(
    (signal) =>
      editorFetch<RestockSignUpsResponse>(
        withQuery(RESTOCK_PATHS.signUps, { productId, variantId, limit: PAGE }),
        { signal },
      ),
    'signups',
  );
  const [more, setMore] = useState<RestockSignUpJson[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const reloadAll = () => {
    setMore([]);
    setCursor(undefined);
    group.reload();
    signUps.reload();
  };
  const { sends, track } = useSendTracker(reloadAll);

  const nextCursor = cursor === undefined ? signUps.data?.nextPageCursor : cursor;
  const hasMore = cursor === undefined ? Boolean(signUps.data?.hasNextPage) : cursor !== null;

  const loadMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await editorFetch<RestockSignUpsResponse>(
        withQuery(RESTOCK_PATHS.signUps, { productId, variantId, limit: PAGE, cursor: nextCursor }),
      );
      setMore((m) => [...m, ...page.signUps]);
      setCursor(page.hasNextPage ? page.nextPageCursor : null);
    } catch (err) {
      setMoreError(actionFailureText(err));
    } finally {
      setLoadingMore(false);
    }
  };

  const send = () =>
    track('one', async () => {
      const r = await editorFetch<{ sendId: string }>(RESTOCK_PATHS.send, {
        method: 'POST',
        json: { productId, variantId },
      });
      return [r.sendId];
    });

  const title = group.data ? group.data.productName : 'Restock sign-ups';
  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/restock">Restock</a>
      </p>
      <ScreenHeading title={title} {...(group.data ? { intro: variantName(group.data) } : {})} />
      <section aria-labelledby="rg-send" className="ed-section">
        <h2 id="rg-send">Notify</h2>
        <LoadView state={group}>
          {(g) =>
            g === null ? (
              <p className="ed-empty">Nobody has signed up for this variant.</p>
            ) : (
              <div className="ed-toolbar">
                <p>
                  <strong>{formatCount(g.pendingCount)}</strong> waiting of {formatCount(g.count)}{' '}
                  sign-ups.
                </p>
                <SendNotificationsButton
                  primary
                  soldOut={g.soldOut}
                  disabled={g.pendingCount === 0 || (sends.one !== undefined && !sends.one.done)}
                  onSend={() => void send()}
                />
                <SendStatus send={sends.one} />
              </div>
            )
          }
        </LoadView>
        <AutoNotify productId={productId} />
      </section>
      <section aria-labelledby="rg-list" className="ed-section">
        <h2 id="rg-list">Sign-ups</h2>
        <LoadView state={signUps}>
          {(first) => {
            const rows = [...first.signUps, ...more];
            return (
              <>
                <DataTable
                  caption="Sign-ups for this variant, newest first"
                  isEmpty={rows.length === 0}
                  empty="No sign-ups."
                  head={
                    <tr>
                      <th scope="col">Email</th>
                      <th scope="col">Signed up</th>
                      <th scope="col">Newsletter</th>
                      <th scope="col">Notice</th>
                    </tr>
                  }
                >
                  {rows.map((s) => (
                    <tr key={s.id}>
                      <th scope="row" className="ed-path">
                        {s.email}
                      </th>
                      <td>{formatDateTime(s.created)}</td>
                      <td>{s.joinMailingList ? 'Joined' : 'No'}</td>
                      <td>
                        {s.notified && s.notifiedOn
                          ? `Sent ${formatDateTime(s.notifiedOn)}`
                          : 'Waiting'}
                      </td>
                    </tr>
                  ))}
                </DataTable>
                {hasMore && (
                  <p>
                    <button
                      type="button"
                      className="ed-button"
                      disabled={loadingMore}
                      onClick={() => void loadMore()}
                    >
                      {loadingMore ? 'Loading…' : 'Show more'}
                    </button>
                  </p>
                )}
                {moreError && (
                  <p className="ed-inline-error" role="alert">
                    {moreError}
                  </p>
                )}
              </>
            );
          }}
        </LoadView>
      </section>
    </>
  );
}

/** The product's auto-notify setting: a send starts by itself when a variant comes back. */
function AutoNotify({ productId }: { productId: string }) {
  const setting = useLoad(
    (signal) =>
      editorFetch<RestockSettingsJson>(withQuery(RESTOCK_PATHS.settings, { productId }), {
        signal,
      }),
    'settings',
  );
  const [saving, setSaving] = useState(false);
  const [value, setValue] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (setting.status === 'error' || setting.data === undefined)
    return <LoadView state={setting}>{() => null}</LoadView>;
  const checked = value ?? setting.data.autoNotify;

  const change = async (next: boolean) => {
    setSaving(true);
    setError(null);
    setValue(next);
    try {
      const r = await editorFetch<RestockSettingsJson>(RESTOCK_PATHS.settings, {
        method: 'PUT',
        json: { productId, autoNotify: next },
      });
      setValue(r.autoNotify);
    } catch (err) {
      setValue(!next);
      setError(actionFailureText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ed-field-inline">
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={saving}
          onChange={(e) => void change(e.target.checked)}
        />{' '}
        Notify automatically when this product is back in stock
      </label>
      {error && (
        <p className="ed-inline-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
