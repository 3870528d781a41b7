import { useEffect, useState } from 'react';
import { installmentInfoDocument } from '../../../shared/product/installment-info-page.js';

export type InfoPageState =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'loaded'; document: string };

/**
 * The provider's pages, fetched at most once per page view: the modal mounts only while it is
 * open (and may mount twice while its chunk arrives), so the copy lives here, not in its state.
 */
const loads = new Map<string, Promise<InfoPageState>>();
const settled = new Map<string, InfoPageState>();

function loadInfoPage(url: string): Promise<InfoPageState> {
  let load = loads.get(url);
  if (!load) {
    // The third party gets no cookies of ours, and its answer is only ever shown as text in a
    // sandboxed frame.
    load = fetch(url, { credentials: 'omit', headers: { accept: 'text/html' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.text();
      })
      .then(
        (html): InfoPageState => ({
          status: 'loaded',
          document: installmentInfoDocument(html, url),
        }),
        (err: unknown): InfoPageState => {
          console.warn(`installment notice: could not load ${url}`, err);
          return { status: 'failed' };
        },
      )
      .then((state) => {
        settled.set(url, state);
        return state;
      });
    loads.set(url, load);
  }
  return load;
}

/**
 * Loads the provider's information page (SPEC 4.4 / 7) the first time the modal opens, once per
 * page: a shopper reopening the modal gets the copy already loaded (or, after a failure, the
 * schedule without a second wait). A failure is only a console warning (SPEC 7) — never an error:
 * the modal still has its own content.
 */
export function useInstallmentInfoPage(open: boolean, url: string): InfoPageState {
  const [state, setState] = useState<InfoPageState>(() => settled.get(url) ?? { status: 'idle' });
  useEffect(() => {
    if (!open) return;
    let live = true;
    const done = settled.get(url);
    if (done) setState(done);
    else {
      setState({ status: 'loading' });
      void loadInfoPage(url).then((s) => live && setState(s));
    }
    // No abort on close: the page is small, and a reopen should find it loaded.
    return () => {
      live = false;
    };
  }, [open, url]);
  return state;
}
