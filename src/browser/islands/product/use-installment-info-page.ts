import { useEffect, useState } from 'react';
import { installmentInfoDocument } from '../../../shared/product/installment-info-page.js';

export type InfoPageState =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'loaded'; document: string };

/**
 * Loads the provider's information page (SPEC 4.4 / 7) the first time the modal opens, once per
 * notice: a shopper reopening the modal gets the copy already loaded (or, after a failure, the
 * schedule without a second wait). A failure is only a console warning (SPEC 7) — never an error:
 * the modal still has its own content.
 */
/**
 * What each page URL came to, for this page view: the modal mounts only while open (its chunk is
 * lazy), so its own state would start from idle, and fetch again, on every opening.
 */
const settled = new Map<string, InfoPageState>();

export function useInstallmentInfoPage(open: boolean, url: string): InfoPageState {
  const [state, setStateOnly] = useState<InfoPageState>(
    () => settled.get(url) ?? { status: 'idle' },
  );
  const setState = (next: InfoPageState) => {
    if (next.status === 'loaded' || next.status === 'failed') settled.set(url, next);
    setStateOnly(next);
  };
  const wanted = open && state.status === 'idle';
  useEffect(() => {
    if (!wanted) return;
    setState({ status: 'loading' });
    // The third party gets no cookies of ours, and its answer is only ever shown as text in a
    // sandboxed frame.
    fetch(url, { credentials: 'omit', headers: { accept: 'text/html' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.text();
      })
      .then(
        (html) => setState({ status: 'loaded', document: installmentInfoDocument(html, url) }),
        (err: unknown) => {
          console.warn(`installment notice: could not load ${url}`, err);
          setState({ status: 'failed' });
        },
      );
    // No abort on close: the page is small, and a reopen should find it loaded.
  }, [wanted, url]);
  return state;
}
