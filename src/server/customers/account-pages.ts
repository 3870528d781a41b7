import { escapeHtml } from '../../shared/html.js';
import { fillText } from '../../shared/i18n/storefront-texts.js';
import { CUSTOMER_PAGES } from '../../shared/customers/api.js';
import type { CustomerTexts } from '../../shared/customers/texts.js';
import { addressLines, countryCodes, countryName } from '../../shared/checkout/address-rules.js';
import type { AddressInput } from '../../shared/checkout/api.js';
import { formatMoney } from '../../shared/money.js';
import { CRUMB_FIELD } from '../../shared/wire-names.js';
import type { SavedAddress } from './addresses.js';
import type { CustomerOrderRow } from '../orders/customer-orders.js';
import type { CustomerRestockRow } from '../restock/customer-signups.js';
import type { CustomerListRow } from '../mail/customer-lists.js';
import type { CustomerSubscriptionRow } from '../subscriptions/customer-subscriptions.js';

/**
 * The customer pages' HTML (issue 14), put into the theme's `pages/account.page` by
 * account-context.ts: the sign-in and code steps, the link's page, the account page and the
 * members-only page (106). Plain forms with the crumb, so they work without JavaScript; every
 * value from a visitor or the database is escaped here.
 */
const e = escapeHtml;

function form(
  action: string,
  crumb: string,
  inner: string,
  hidden: Record<string, string> = {},
  cls = 'account-form',
) {
  const fields = Object.entries({ [CRUMB_FIELD]: crumb, ...hidden })
    .map(([k, v]) => `<input type="hidden" name="${e(k)}" value="${e(v)}">`)
    .join('');
  return `<form class="${cls}" method="post" action="${e(action)}">${fields}${inner}</form>`;
}

const alert = (error: string | undefined, id = 'account-error') =>
  error ? `<p class="account-error" id="${id}" role="alert">${e(error)}</p>` : '';
const notice = (text: string | undefined) =>
  text ? `<p class="account-notice" role="status">${e(text)}</p>` : '';

function card(title: string, intro: string, body: string): string {
  return `<div class="account-card"><h1 class="page-title">${e(title)}</h1>${intro ? `<p class="account-intro">${e(intro)}</p>` : ''}${body}</div>`;
}

export function signInHtml(
  t: CustomerTexts,
  o: { crumb: string; email?: string; error?: string; next?: string },
): string {
  // After a refusal the field is focused, so a screen reader hears the message at once.
  const invalid = o.error ? ' aria-invalid="true" aria-describedby="account-error" autofocus' : '';
  return card(
    t.signInTitle,
    t.signInIntro,
    form(
      CUSTOMER_PAGES.signIn,
      o.crumb,
      `<label for="account-email">${e(t.email)}</label>` +
        `<input id="account-email" name="email" type="email" required maxlength="256" autocomplete="email" inputmode="email" value="${e(o.email ?? '')}"${invalid}>` +
        alert(o.error) +
        `<button class="button" type="submit">${e(t.sendCode)}</button>`,
      o.next ? { next: o.next } : {},
    ),
  );
}

export function codeHtml(
  t: CustomerTexts,
  o: { crumb: string; email: string; request: string; error?: string; next?: string },
): string {
  const invalid = o.error ? ' aria-invalid="true" aria-describedby="account-error"' : '';
  const hidden: Record<string, string> = { request: o.request, email: o.email };
  if (o.next) hidden.next = o.next;
  return card(
    t.codeTitle,
    fillText(t.codeIntro, { email: o.email }),
    form(
      CUSTOMER_PAGES.code,
      o.crumb,
      `<label for="account-code">${e(t.code)}</label>` +
        `<input id="account-code" class="account-code" name="code" required autofocus autocomplete="one-time-code" inputmode="numeric" maxlength="12" aria-describedby="account-code-help"${invalid.replace(' aria-describedby="account-error"', '')}${o.error ? ' aria-errormessage="account-error"' : ''}>` +
        `<p class="account-help" id="account-code-help">${e(t.codeHelp)}</p>` +
        alert(o.error) +
        `<button class="button" type="submit">${e(t.verify)}</button>`,
      hidden,
    ) +
      form(
        CUSTOMER_PAGES.signIn,
        o.crumb,
        `<button class="button button-secondary" type="submit">${e(t.sendAgain)}</button>`,
        { email: o.email, ...(o.next ? { next: o.next } : {}) },
        'account-form account-form-quiet',
      ) +
      `<p class="account-links"><a href="${CUSTOMER_PAGES.signIn}">${e(t.useOtherEmail)}</a></p>`,
  );
}

export function linkHtml(
  t: CustomerTexts,
  o: { crumb: string; token: string; siteTitle: string; error?: string },
): string {
  if (!o.token || o.error)
    return card(
      t.linkTitle,
      '',
      alert(o.error ?? t.linkInvalid) +
        `<p><a class="button" href="${CUSTOMER_PAGES.signIn}">${e(t.sendAgain)}</a></p>`,
    );
  return card(
    t.linkTitle,
    fillText(t.linkIntro, { site: o.siteTitle }),
    form(
      CUSTOMER_PAGES.link,
      o.crumb,
      `<button class="button" type="submit">${e(t.linkButton)}</button>`,
      { token: o.token },
    ),
  );
}

export function memberDeniedHtml(t: CustomerTexts, o: { next: string }): string {
  const href = `${CUSTOMER_PAGES.signIn}?next=${encodeURIComponent(o.next)}`;
  return `<div class="account-card account-member"><svg class="lock-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true"><path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"/></svg><h1 class="page-title">${e(t.memberTitle)}</h1><p class="account-intro">${e(t.memberText)}</p><p><a class="button" href="${e(href)}">${e(t.memberButton)}</a></p></div>`;
}

export interface AccountView {
  crumb: string;
  language: string;
  email: string;
  orders: CustomerOrderRow[];
  addresses: SavedAddress[];
  subscriptions: CustomerSubscriptionRow[];
  restock: CustomerRestockRow[];
  lists: CustomerListRow[];
  /** The address form to show: 'new', an address id, or none. */
  editing?: string | undefined;
  formValues?: Partial<AddressInput> | undefined;
  formErrors?: Record<string, string> | undefined;
  notice?: string | undefined;
  /** Words of order and subscription states. */
  statusWords: Record<string, string>;
}

function section(id: string, title: string, body: string): string {
  return `<section class="account-section" aria-labelledby="account-${id}-h"><h2 class="account-heading" id="account-${id}-h">${e(title)}</h2>${body}</section>`;
}

function addressForm(t: CustomerTexts, v: AccountView, id: string): string {
  const a = v.formValues ?? {};
  const err = v.formErrors ?? {};
  const input = (name: keyof AddressInput, label: string, attrs = '') => {
    const msg = err[name];
    const errId = `addr-${name}-error`;
    return `<div class="account-field"><label for="addr-${name}">${e(label)}</label><input id="addr-${name}" name="${name}" value="${e(a[name] ?? '')}" ${attrs}${msg ? ` aria-invalid="true" aria-describedby="${errId}"` : ''}>${msg ? `<p class="account-field-error" id="${errId}">${e(msg)}</p>` : ''}</div>`;
  };
  const country = (a.country ?? '').toUpperCase();
  const options = countryCodes()
    .map((c) => ({ c, name: countryName(c, v.language) }))
    .sort((x, y) => x.name.localeCompare(y.name, v.language))
    .map(
      ({ c, name }) =>
        `<option value="${c}"${c === country ? ' selected' : ''}>${e(name)}</option>`,
    )
    .join('');
  const cmsg = err.country;
  const action = id === 'new' ? CUSTOMER_PAGES.addresses : CUSTOMER_PAGES.address(id);
  return form(
    action,
    v.crumb,
    `<div class="account-grid">` +
      input('firstName', t.firstName, 'required maxlength="100" autocomplete="given-name"') +
      input('lastName', t.lastName, 'required maxlength="100" autocomplete="family-name"') +
      `</div>` +
      input('line1', t.line1, 'required maxlength="200" autocomplete="address-line1"') +
      input('line2', t.line2, 'maxlength="200" autocomplete="address-line2"') +
      `<div class="account-grid">` +
      input('city', t.city, 'required maxlength="100" autocomplete="address-level2"') +
      input('region', t.region, 'maxlength="100" autocomplete="address-level1"') +
      input('postalCode', t.postalCode, 'maxlength="20" autocomplete="postal-code"') +
      `<div class="account-field"><label for="addr-country">${e(t.country)}</label><select id="addr-country" name="country" required autocomplete="country"${cmsg ? ' aria-invalid="true" aria-describedby="addr-country-error"' : ''}><option value=""></option>${options}</select>${cmsg ? `<p class="account-field-error" id="addr-country-error">${e(cmsg)}</p>` : ''}</div>` +
      `</div>` +
      input('phone', t.phone, 'maxlength="40" autocomplete="tel" type="tel"') +
      `<label class="account-check"><input type="checkbox" name="makeDefault" value="1"> ${e(t.setDefault)}</label>` +
      `<p class="account-actions"><button class="button" type="submit">${e(t.saveAddress)}</button><a class="account-link" href="${CUSTOMER_PAGES.account}#account-addresses-h">${e(t.cancel)}</a></p>`,
    {},
    'account-form account-address-form',
  );
}

export function accountHtml(t: CustomerTexts, v: AccountView): string {
  const money = (n: number, c: string) => formatMoney(n, c, v.language);
  const date = (d: Date) =>
    new Intl.DateTimeFormat(v.language || 'en', { dateStyle: 'medium' }).format(d);
  const word = (s: string) => v.statusWords[s] ?? s;

  const orders = v.orders.length
    ? `<ul class="account-list" role="list">${v.orders
        .map(
          (o) =>
            `<li class="account-row account-order"><div><strong>${e(fillText(t.orderNumber, { n: o.orderNumber }))}</strong><span class="account-meta">${e(date(o.created))} · ${e(money(o.grandTotal, o.currency))}</span><span class="account-pills">${
              o.status === 'cancelled'
                ? `<span class="op-pill">${e(word('cancelled'))}</span>`
                : `<span class="op-pill" data-state="${e(o.paymentStatus)}">${e(word(o.paymentStatus))}</span><span class="op-pill" data-state="${e(o.fulfillmentStatus)}">${e(word(o.fulfillmentStatus))}</span>`
            }</span></div><a class="button button-secondary" href="${e(o.statusPath)}">${e(t.viewOrder)}<span class="visually-hidden"> ${e(fillText(t.orderNumber, { n: o.orderNumber }))}</span></a></li>`,
        )
        .join('')}</ul>`
    : `<p class="account-empty">${e(t.noOrders)}</p>`;

  const addressItems = v.addresses
    .map((a) => {
      if (v.editing === a.id) return `<li class="account-row">${addressForm(t, v, a.id)}</li>`;
      const lines = addressLines(a.address, v.language)
        .map((l) => e(l))
        .join('<br>');
      const defaultForm = a.isDefault
        ? `<span class="op-pill">${e(t.defaultAddress)}</span>`
        : form(
            CUSTOMER_PAGES.address(a.id) + '/default',
            v.crumb,
            `<button class="button button-secondary" type="submit">${e(t.makeDefault)}</button>`,
            {},
            'account-inline',
          );
      return `<li class="account-row account-address"><address>${lines}</address><div class="account-actions"><a class="button button-secondary" href="${CUSTOMER_PAGES.account}?edit=${encodeURIComponent(a.id)}#account-addresses-h">${e(t.editAddress)}</a>${defaultForm}${form(CUSTOMER_PAGES.address(a.id) + '/delete', v.crumb, `<button class="button button-secondary" type="submit">${e(t.deleteAddress)}</button>`, {}, 'account-inline')}</div></li>`;
    })
    .join('');
  const addresses =
    (v.addresses.length
      ? `<ul class="account-list" role="list">${addressItems}</ul>`
      : `<p class="account-empty">${e(t.noAddresses)}</p>`) +
    (v.editing === 'new'
      ? addressForm(t, v, 'new')
      : `<p><a class="button button-secondary" href="${CUSTOMER_PAGES.account}?edit=new#account-addresses-h">${e(t.addAddress)}</a></p>`);

  const subs = v.subscriptions.length
    ? section(
        'subscriptions',
        t.subscriptions,
        `<ul class="account-list" role="list">${v.subscriptions
          .map(
            (s) =>
              `<li class="account-row"><div><strong>${e(s.title)}</strong><span class="account-pills"><span class="op-pill" data-state="${e(s.status)}">${e(word(s.status))}</span></span>${s.nextChargeOn ? `<span class="account-meta">${e(s.nextChargeOn)}</span>` : ''}</div><a class="button button-secondary" href="${e(s.managePath)}">${e(t.manage)}<span class="visually-hidden"> ${e(s.title)}</span></a></li>`,
          )
          .join('')}</ul>`,
      )
    : '';

  const restock = v.restock.length
    ? `<ul class="account-list" role="list">${v.restock
        .map((r) => {
          const attrs = Object.values(r.attributes).join(' / ');
          return `<li class="account-row"><div><strong>${e(r.title)}</strong>${attrs ? `<span class="account-meta">${e(attrs)}</span>` : ''}</div>${form(CUSTOMER_PAGES.restockRemove, v.crumb, `<button class="button button-secondary" type="submit">${e(t.remove)}<span class="visually-hidden"> ${e(r.title)}</span></button>`, { id: r.id }, 'account-inline')}</li>`;
        })
        .join('')}</ul>`
    : `<p class="account-empty">${e(t.noRestock)}</p>`;

  const lists = v.lists.length
    ? `<ul class="account-list" role="list">${v.lists
        .map(
          (l) =>
            `<li class="account-row"><div><strong>${e(l.name)}</strong></div>${form(CUSTOMER_PAGES.newsletterRemove, v.crumb, `<button class="button button-secondary" type="submit">${e(t.unsubscribe)}<span class="visually-hidden"> ${e(l.name)}</span></button>`, { listId: l.listId }, 'account-inline')}</li>`,
        )
        .join('')}</ul>`
    : `<p class="account-empty">${e(t.noNewsletters)}</p>`;

  return (
    `<div class="account-head"><div><h1 class="page-title">${e(t.accountTitle)}</h1><p class="account-meta">${e(fillText(t.signedInAs, { email: v.email }))}</p></div>` +
    form(
      CUSTOMER_PAGES.signOut,
      v.crumb,
      `<button class="button button-secondary" type="submit">${e(t.signOut)}</button>`,
      {},
      'account-inline',
    ) +
    `</div>` +
    notice(v.notice) +
    section('orders', t.orders, orders) +
    section('addresses', t.addresses, addresses) +
    subs +
    section('restock', t.restock, restock) +
    section('newsletters', t.newsletters, lists)
  );
}
