import type { EditorBoot } from '../boot.js';
import { navItemsFor } from '../routes.js';
import { roleNames } from '../../../shared/role-names.js';
import './team.css';

/**
 * A screen the owner's role may not use, opened by its URL (the navigation hides it): say so
 * plainly, with the screens they can use. The server refuses the screen's calls all the same.
 */
export function NoAccess({ roles }: { roles: readonly number[] }) {
  const items = navItemsFor(roles);
  return (
    <section className="ed-section ed-no-access" aria-labelledby="no-access">
      <h1 id="no-access" tabIndex={-1}>
        You don&rsquo;t have access
      </h1>
      <p>
        Your role on this website ({roleNames(roles)}) does not include this screen. An
        administrator can change your role on the Team screen.
      </p>
      {items.length > 0 && (
        <p>
          Go to <a href={items[0]!.href}>{items[0]!.label}</a>
          {items.length > 1 && (
            <>
              {' '}
              or{' '}
              {items.slice(1).map((i, n) => (
                <span key={i.name}>
                  {n > 0 && ', '}
                  <a href={i.href}>{i.label}</a>
                </span>
              ))}
            </>
          )}
          .
        </p>
      )}
    </section>
  );
}

/** One line on what each screen is for (the start screen's cards). */
const SCREEN_WORDS: Record<string, string> = {
  pages: 'Edit pages, blog posts, events and galleries.',
  orders: 'See and fulfil orders.',
  subscriptions: 'Subscriptions and their renewals.',
  products: 'The catalog: products, prices and variants.',
  discounts: 'Discount codes and automatic discounts.',
  inventory: 'Stock of every variant.',
  'gift-cards': 'Gift cards sold and their balances.',
  media: 'Images and files for pages and products.',
  design: 'Colours, fonts, logo and buttons.',
  settings: 'Title, language, currency and policies.',
  comments: 'Approve, answer and remove comments.',
  forms: 'Forms, their submissions and mailing lists.',
  restock: 'Shoppers waiting for sold-out items.',
  'checkout-settings': 'Payments and checkout options.',
  performance: 'How fast the site loads for visitors.',
  team: 'Invite people and set their roles.',
  'audit-log': 'Who changed what, and when.',
};

/** The start screen of a role without analytics (no sales or visits to show): its screens. */
export function Welcome({ boot }: { boot: EditorBoot }) {
  const items = navItemsFor(boot.roles).filter((i) => i.name !== 'overview');
  return (
    <>
      <div className="ed-screen-head">
        <div>
          <h1 tabIndex={-1}>Welcome{boot.displayName ? `, ${boot.displayName}` : ''}</h1>
          <p className="ed-intro">
            You are {boot.roleLabel} on {boot.siteTitle}. Here is what you can work on.
          </p>
        </div>
      </div>
      <section aria-label="Your screens">
        {items.length ? (
          <ul className="ed-welcome-grid">
            {items.map((i) => (
              <li key={i.name}>
                <a href={i.href}>
                  <strong>{i.label}</strong>
                  <span>{SCREEN_WORDS[i.name]}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>Your role does not include any screen yet. Ask an administrator for access.</p>
        )}
      </section>
    </>
  );
}
