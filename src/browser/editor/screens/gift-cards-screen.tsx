import { loadStoreCurrency } from '../store-currency.js';
import { useState, type FormEvent } from 'react';
import {
  groupCode,
  type GiftCardIssueResponse,
  type GiftCardJson,
  type GiftCardListResponse,
  type GiftCardTransactionJson,
} from '../../../shared/checkout/gift-cards.js';
import { fractionDigits, formatMoney } from '../../../shared/money.js';
import { DataTable } from '../data-table.js';
import { editorFetch } from '../editor-fetch.js';
import { LoadView } from '../load-view.js';
import { actionFailureText } from '../messages.js';
import { parseRefundAmount } from '../orders/order-labels.js';
import { giftCardHref, orderHref } from '../routes.js';
import { useLoad } from '../use-load.js';
import { ScreenHeading } from './screen-heading.js';

export const GIFT_CARDS_API = '/api/commerce/gift-cards';

const KIND_TEXT: Record<GiftCardTransactionJson['kind'], string> = {
  issued: 'Issued',
  redeemed: 'Spent',
  refunded: 'Refunded',
  disabled: 'Disabled',
  enabled: 'Enabled',
  adjusted: 'Adjusted',
};

function StatusBadge({ card }: { card: GiftCardJson }) {
  const spent = card.status === 'active' && card.balance === 0;
  return (
    <span className={card.status === 'active' && !spent ? 'ed-status ed-status-sent' : 'ed-status'}>
      {card.status === 'disabled' ? 'Disabled' : spent ? 'Used up' : 'Active'}
    </span>
  );
}

/**
 * The store's gift cards (issue 15): masked code, balance of initial, status, recipient and
 * date, newest first; 'Issue gift card' makes one by hand and shows its code once.
 */
export function GiftCardsScreen() {
  const list = useLoad(
    (signal) => editorFetch<GiftCardListResponse>(GIFT_CARDS_API, { signal }),
    'gift-cards',
  );
  const currency = useLoad(loadStoreCurrency, 'store-currency').data ?? 'USD';
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<GiftCardIssueResponse | null>(null);

  return (
    <>
      <ScreenHeading title="Gift cards" intro="Cards sold in the store or issued by hand.">
        <button
          type="button"
          className="ed-button ed-button-primary"
          aria-expanded={issuing}
          onClick={() => {
            setIssuing(true);
            setIssued(null);
          }}
        >
          Issue gift card
        </button>
      </ScreenHeading>
      {issued && <IssuedCode issued={issued} onDone={() => setIssued(null)} />}
      {issuing && (
        <IssueForm
          currency={currency}
          onCancel={() => setIssuing(false)}
          onIssued={(r) => {
            setIssuing(false);
            setIssued(r);
            list.reload();
          }}
        />
      )}
      <section className="ed-section" aria-label="Gift cards">
        <LoadView state={list}>
          {(data) => (
            <DataTable
              caption={
                data.giftCards.length === 1 ? '1 gift card' : `${data.giftCards.length} gift cards`
              }
              isEmpty={data.giftCards.length === 0}
              empty="No gift cards yet. They appear here when one is sold or issued."
              head={
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Status</th>
                  <th scope="col">Recipient</th>
                  <th scope="col">Created</th>
                </tr>
              }
            >
              {data.giftCards.map((c) => (
                <tr key={c.id}>
                  <td>
                    <a className="ed-gc-code" href={giftCardHref(c.id)}>
                      {c.maskedCode}
                    </a>
                  </td>
                  <td className="ed-nowrap">
                    {formatMoney(c.balance, c.currency)}
                    <span className="ed-muted ed-small">
                      of {formatMoney(c.initialBalance, c.currency)}
                    </span>
                  </td>
                  <td>
                    <StatusBadge card={c} />
                  </td>
                  <td className="ed-gc-who">{c.recipientName || c.recipientEmail || '—'}</td>
                  <td className="ed-nowrap">{new Date(c.created).toLocaleDateString()}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </LoadView>
      </section>
    </>
  );
}

/** The one time the full code is shown: grouped for reading, with a copy button. */
function IssuedCode({ issued, onDone }: { issued: GiftCardIssueResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const code = groupCode(issued.code);
  return (
    <section className="ed-section ed-gc-issued" aria-labelledby="gc-issued" role="status">
      <h2 id="gc-issued">
        Gift card issued: {formatMoney(issued.balance, issued.giftCard.currency)}
      </h2>
      <p className="ed-gc-full-code">{code}</p>
      <p className="ed-muted">
        Copy the code now: it is shown only this once.
        {issued.giftCard.recipientEmail
          ? ` It was emailed to ${issued.giftCard.recipientEmail}.`
          : ''}
      </p>
      <div className="ed-actions">
        <button
          type="button"
          className="ed-button ed-button-primary"
          onClick={() =>
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy code'}
        </button>
        <button type="button" className="ed-button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

function IssueForm({
  currency,
  onIssued,
  onCancel,
}: {
  currency: string;
  onIssued: (r: GiftCardIssueResponse) => void;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const parsed = parseRefundAmount(amount, fractionDigits(currency), Number.MAX_SAFE_INTEGER);
    if (!parsed.ok) {
      setErrors({ amount: parsed.message });
      document.getElementById('gc-amount')?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const r = await editorFetch<GiftCardIssueResponse>(GIFT_CARDS_API, {
        method: 'POST',
        json: {
          amount: parsed.amount,
          ...(email.trim() ? { recipientEmail: email.trim() } : {}),
          ...(name.trim() ? { recipientName: name.trim() } : {}),
          ...(message.trim() ? { message: message.trim() } : {}),
        },
      });
      onIssued(r);
    } catch (err) {
      const fe = (err as { body?: { error?: { fieldErrors?: Record<string, string> } } }).body
        ?.error?.fieldErrors;
      if (fe) setErrors(fe);
      setFailure(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (id: string, key: string) => ({
    id,
    'aria-invalid': errors[key] ? (true as const) : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });
  const error = (id: string, key: string) =>
    errors[key] ? (
      <span className="ed-inline-error" id={`${id}-error`}>
        {errors[key]}
      </span>
    ) : null;

  return (
    <section className="ed-section" aria-labelledby="gc-issue">
      <h2 id="gc-issue">Issue a gift card</h2>
      <form className="ed-gc-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="ed-form-grid">
          <label>
            Amount ({currency})
            <input
              {...field('gc-amount', 'amount')}
              className="ed-input"
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setErrors({});
              }}
            />
            {error('gc-amount', 'amount')}
          </label>
          <label>
            Recipient email (optional)
            <input
              {...field('gc-email', 'recipientEmail')}
              className="ed-input"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            {error('gc-email', 'recipientEmail')}
          </label>
          <label>
            Recipient name (optional)
            <input
              {...field('gc-name', 'recipientName')}
              className="ed-input"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
            {error('gc-name', 'recipientName')}
          </label>
          <label className="ed-gc-wide">
            Message (optional)
            <textarea
              {...field('gc-message', 'message')}
              className="ed-input"
              rows={3}
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            {error('gc-message', 'message')}
          </label>
        </div>
        <p className="ed-muted ed-gc-note">
          With an email, the recipient is sent the code and how to use it at checkout.
        </p>
        {failure && (
          <p className="ed-inline-error" role="alert">
            {failure}
          </p>
        )}
        <div className="ed-actions">
          <button type="submit" className="ed-button ed-button-primary" disabled={busy}>
            {busy ? 'Issuing…' : 'Issue gift card'}
          </button>
          <button type="button" className="ed-button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** One card: balance, recipient, every change of its history, disable/enable. */
export function GiftCardScreen({ giftCardId }: { giftCardId: string }) {
  const [fresh, setFresh] = useState<GiftCardJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = useLoad(
    (signal) =>
      editorFetch<{ giftCard: GiftCardJson }>(
        `${GIFT_CARDS_API}/${encodeURIComponent(giftCardId)}`,
        { signal },
      ).then((r) => r.giftCard),
    `gift-card-${giftCardId}`,
  );

  const toggle = async (card: GiftCardJson) => {
    setBusy(true);
    setError(null);
    try {
      const action = card.status === 'active' ? 'disable' : 'enable';
      const r = await editorFetch<{ giftCard: GiftCardJson }>(
        `${GIFT_CARDS_API}/${encodeURIComponent(card.id)}/${action}`,
        { method: 'POST', json: {} },
      );
      setFresh(r.giftCard);
    } catch (err) {
      setError(actionFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="ed-breadcrumb">
        <a href="#/gift-cards">Gift cards</a>
      </p>
      <LoadView state={state}>
        {(loaded) => {
          const card = fresh ?? loaded;
          const money = (n: number) => formatMoney(n, card.currency);
          return (
            <>
              <div className="ed-screen-head">
                <div>
                  <h1 tabIndex={-1} className="ed-gc-code">
                    {card.maskedCode}
                  </h1>
                  <p className="ed-intro">
                    {card.source === 'order' ? 'Sold' : 'Issued by hand'} on{' '}
                    {new Date(card.created).toLocaleString()}
                    {card.orderId ? (
                      <>
                        {' · '}
                        <a href={orderHref(card.orderId)}>View order</a>
                      </>
                    ) : null}
                  </p>
                  <StatusBadge card={card} />
                </div>
                <div className="ed-screen-actions">
                  <button
                    type="button"
                    className={
                      card.status === 'active' ? 'ed-button ed-button-danger' : 'ed-button'
                    }
                    disabled={busy}
                    onClick={() => void toggle(card)}
                  >
                    {card.status === 'active' ? 'Disable' : 'Enable'}
                  </button>
                </div>
              </div>
              {error && (
                <p className="ed-inline-error" role="alert">
                  {error}
                </p>
              )}
              <section className="ed-section" aria-labelledby="gc-balance">
                <h2 id="gc-balance">Balance</h2>
                <p className="ed-gc-balance">
                  {money(card.balance)}
                  <span className="ed-muted ed-small">of {money(card.initialBalance)}</span>
                </p>
                <dl className="ed-gc-facts">
                  <div>
                    <dt>Recipient</dt>
                    <dd>
                      {[card.recipientName, card.recipientEmail].filter(Boolean).join(' · ') || '—'}
                    </dd>
                  </div>
                  {card.sendOn !== null && (
                    <div>
                      <dt>Sent on</dt>
                      <dd>{new Date(card.sendOn).toLocaleDateString()}</dd>
                    </div>
                  )}
                  {card.status === 'disabled' && (
                    <div>
                      <dt>Disabled</dt>
                      <dd>It cannot pay for new orders until it is enabled again.</dd>
                    </div>
                  )}
                </dl>
              </section>
              <section className="ed-section" aria-label="History">
                <DataTable
                  caption="History"
                  isEmpty={card.transactions.length === 0}
                  empty="No history."
                  head={
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">What</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Balance</th>
                      <th scope="col">Order</th>
                    </tr>
                  }
                >
                  {card.transactions.map((t, i) => (
                    <tr key={i}>
                      <td className="ed-nowrap">{new Date(t.at).toLocaleString()}</td>
                      <td>
                        {KIND_TEXT[t.kind]}
                        {t.note && <span className="ed-muted ed-small">{t.note}</span>}
                      </td>
                      <td className="ed-nowrap">
                        {t.amount === 0
                          ? '—'
                          : `${t.amount > 0 ? '+' : '−'}${money(Math.abs(t.amount))}`}
                      </td>
                      <td className="ed-nowrap">{money(t.balanceAfter)}</td>
                      <td>
                        {t.orderId ? (
                          <a href={orderHref(t.orderId)}>
                            {t.orderNumber !== null ? `#${t.orderNumber}` : 'Order'}
                          </a>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </section>
            </>
          );
        }}
      </LoadView>
    </>
  );
}
