import { SendNotificationsButton } from '../send-notifications-button.js';
import { DataTable } from '../data-table.js';
import { RESTOCK_PATHS } from '../editor-constants.js';
import { editorFetch } from '../editor-fetch.js';
import { formatCount } from '../format.js';
import { LoadView } from '../load-view.js';
import { loadRestockGroups, variantName } from '../restock-api.js';
import { restockGroupHref } from '../routes.js';
import { sendAllBatches } from '../send-requests.js';
import { SendStatus } from '../send-status.js';
import { useLoad } from '../use-load.js';
import { useSendTracker } from '../use-send-tracker.js';
import { ScreenHeading } from './screen-heading.js';

/** Back-in-stock sign-ups per product and variant, and sending the notices. */
export function RestockScreen() {
  const groups = useLoad((signal) => loadRestockGroups(signal), 'restock-groups');
  const { sends, track } = useSendTracker(groups.reload);

  const sendOne = (productId: string, variantId: string) =>
    track(variantId, async () => {
      const r = await editorFetch<{ sendId: string }>(RESTOCK_PATHS.send, {
        method: 'POST',
        json: { productId, variantId },
      });
      return [r.sendId];
    });

  const sendAll = () =>
    track('all', async () => {
      const ids: (string | null)[] = [];
      for (const sendRequests of sendAllBatches(groups.data ?? [])) {
        const r = await editorFetch<{ sendIds: (string | null)[] }>(RESTOCK_PATHS.sendAll, {
          method: 'POST',
          json: { sendRequests },
        });
        ids.push(...r.sendIds);
      }
      return ids;
    });

  const busy = (key: string) => sends[key] !== undefined && !sends[key]!.done;

  return (
    <>
      <ScreenHeading
        title="Restock"
        intro="Shoppers who asked to hear when a sold-out item is back. Each gets one notice."
      />
      <section aria-labelledby="rs-groups" className="ed-section">
        <h2 id="rs-groups">Sign-ups by variant</h2>
        <LoadView state={groups}>
          {(list) => {
            const waiting = list.reduce((n, g) => n + g.pendingCount, 0);
            const products = new Set(list.map((g) => g.productId)).size;
            return (
              <>
                <div className="ed-toolbar">
                  <p>
                    <strong>{formatCount(waiting)}</strong>{' '}
                    {waiting === 1 ? 'shopper is' : 'shoppers are'} waiting across{' '}
                    {formatCount(products)} {products === 1 ? 'product' : 'products'}.
                  </p>
                  <button
                    type="button"
                    className="ed-button ed-button-primary"
                    disabled={waiting === 0 || busy('all')}
                    onClick={() => void sendAll()}
                  >
                    Send all
                  </button>
                  <SendStatus send={sends.all} />
                </div>
                <DataTable
                  caption="Restock sign-ups by product and variant"
                  isEmpty={list.length === 0}
                  empty="Nobody has signed up for a restock notice yet."
                  head={
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">Variant</th>
                      <th scope="col" className="ed-num">
                        Sign-ups
                      </th>
                      <th scope="col" className="ed-num">
                        Waiting
                      </th>
                      <th scope="col">
                        <span className="ed-visually-hidden">Actions</span>
                      </th>
                    </tr>
                  }
                >
                  {list.map((g) => (
                    <tr key={g.variantId}>
                      <th scope="row">
                        <a href={restockGroupHref(g.productId, g.variantId)}>{g.productName}</a>
                      </th>
                      <td>{variantName(g)}</td>
                      <td className="ed-num">{formatCount(g.count)}</td>
                      <td className="ed-num">{formatCount(g.pendingCount)}</td>
                      <td className="ed-actions">
                        <SendNotificationsButton
                          soldOut={g.soldOut}
                          disabled={g.pendingCount === 0 || busy(g.variantId) || busy('all')}
                          onSend={() => void sendOne(g.productId, g.variantId)}
                          label={`Send notifications for ${g.productName}, ${variantName(g)}`}
                        />
                        <SendStatus send={sends[g.variantId]} />
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </>
            );
          }}
        </LoadView>
      </section>
    </>
  );
}
