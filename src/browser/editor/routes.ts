import { allows, type Permission } from '../../shared/team/permissions.js';

/** The dashboard's screens, addressed by the hash (`/config#/performance`) so the server needs one route. */
export type EditorRoute =
  | { name: 'overview' }
  | { name: 'performance' }
  | { name: 'forms' }
  | { name: 'form'; formId: string }
  | { name: 'form-submissions'; formId: string }
  | { name: 'mailing-lists' }
  | { name: 'restock' }
  | { name: 'restock-group'; productId: string; variantId: string }
  | { name: 'inventory' }
  | { name: 'orders' }
  | { name: 'order'; orderId: string }
  | { name: 'subscriptions' }
  | { name: 'customers' }
  | { name: 'checkout-settings' }
  | { name: 'gift-cards' }
  | { name: 'gift-card'; giftCardId: string }
  | { name: 'discounts' }
  | { name: 'discount'; discountId: string | null }
  | { name: 'products' }
  | { name: 'product'; productId: string }
  | { name: 'product-new'; productType: number }
  | { name: 'media' }
  | { name: 'content-items'; collectionId: string }
  | { name: 'content-item'; collectionId: string; itemId: string | null }
  | { name: 'design' }
  | { name: 'settings' }
  | { name: 'pages' }
  | { name: 'comments' }
  | { name: 'reviews' }
  | { name: 'page-builder'; pageId: string }
  | { name: 'websites' }
  | { name: 'website-new' }
  | { name: 'security' }
  | { name: 'developer' }
  | { name: 'team' }
  | { name: 'audit-log' }
  | { name: 'not-found'; path: string };

/**
 * The navigation, each screen with the permission it needs (`shared/team/permissions.ts`, the one
 * table): a role without it does not see the link, and the screen's URL shows "You don't have
 * access" (app.tsx). Any one of a list will do.
 */
export const NAV_ITEMS = [
  { name: 'overview', href: '#/', label: 'Overview', permission: ['view'] },
  { name: 'pages', href: '#/pages', label: 'Pages', permission: ['view'] },
  { name: 'orders', href: '#/orders', label: 'Orders', permission: ['commerce'] },
  {
    name: 'subscriptions',
    href: '#/subscriptions',
    label: 'Subscriptions',
    permission: ['commerce'],
  },
  { name: 'customers', href: '#/customers', label: 'Customers', permission: ['commerce'] },
  { name: 'products', href: '#/products', label: 'Products', permission: ['commerce'] },
  { name: 'discounts', href: '#/discounts', label: 'Discounts', permission: ['commerce'] },
  { name: 'inventory', href: '#/inventory', label: 'Inventory', permission: ['commerce'] },
  { name: 'gift-cards', href: '#/gift-cards', label: 'Gift cards', permission: ['commerce'] },
  { name: 'media', href: '#/media', label: 'Media', permission: ['content', 'commerce'] },
  { name: 'design', href: '#/design', label: 'Design', permission: ['settings'] },
  { name: 'settings', href: '#/settings', label: 'Settings', permission: ['settings'] },
  { name: 'comments', href: '#/comments', label: 'Comments', permission: ['moderate'] },
  { name: 'reviews', href: '#/reviews', label: 'Reviews', permission: ['moderate'] },
  { name: 'forms', href: '#/forms', label: 'Forms & mail', permission: ['content'] },
  { name: 'restock', href: '#/restock', label: 'Restock', permission: ['commerce'] },
  { name: 'checkout-settings', href: '#/checkout', label: 'Checkout', permission: ['commerce'] },
  { name: 'performance', href: '#/performance', label: 'Performance', permission: ['analytics'] },
  { name: 'team', href: '#/team', label: 'Team', permission: ['settings'] },
  { name: 'audit-log', href: '#/audit-log', label: 'Audit log', permission: ['settings'] },
  { name: 'websites', href: '#/websites', label: 'Websites', permission: ['view'] },
  { name: 'security', href: '#/security', label: 'Security', permission: ['view'] },
  { name: 'developer', href: '#/developer', label: 'Developer', permission: ['developer'] },
] as const satisfies readonly {
  name: string;
  href: string;
  label: string;
  permission: readonly Permission[];
}[];

type NavItem = (typeof NAV_ITEMS)[number];

/** The navigation items the roles may use. */
export function navItemsFor(roles: readonly number[]): NavItem[] {
  return NAV_ITEMS.filter((i) =>
    (i.permission as readonly Permission[]).some((p) => allows(roles, p)),
  );
}

/** Whether the roles may open the screen of a route (its navigation item's permission). */
export function mayOpen(roles: readonly number[], route: EditorRoute): boolean {
  const nav = navNameOf(route);
  const item = NAV_ITEMS.find((i) => i.name === nav);
  if (!item) return true;
  return (item.permission as readonly Permission[]).some((p) => allows(roles, p));
}

/** `#/restock/{productId}/{variantId}` — ids are URI-encoded (they are free text in theory). */
export function restockGroupHref(productId: string, variantId: string): string {
  return `#/restock/${encodeURIComponent(productId)}/${encodeURIComponent(variantId)}`;
}

/** `#/forms/{id}` (the builder; `new` for a new form) and `#/forms/{id}/submissions`. */
export function formHref(formId: string, part?: 'submissions'): string {
  return `#/forms/${encodeURIComponent(formId)}${part ? `/${part}` : ''}`;
}

/** `#/pages/{id}/edit`: the page builder (issue 13). */
export function pageBuilderHref(pageId: string): string {
  return `#/pages/${encodeURIComponent(pageId)}/edit`;
}

/** `#/gift-cards/{id}` */
export function giftCardHref(giftCardId: string): string {
  return `#/gift-cards/${encodeURIComponent(giftCardId)}`;
}

/** `#/discounts/{id}`, or `#/discounts/new` for null (issue 15). */
export function discountHref(discountId: string | null): string {
  return `#/discounts/${discountId === null ? 'new' : encodeURIComponent(discountId)}`;
}

/** `#/orders/{id}` */
export function orderHref(orderId: string): string {
  return `#/orders/${encodeURIComponent(orderId)}`;
}

/**
 * `#/content/{collectionId}`: a blog's, events' or gallery's items; `…/{itemId}` (or `…/new`)
 * one item's editor (content/items/).
 */
export function contentHref(collectionId: string, itemId?: string | null): string {
  const base = `#/content/${encodeURIComponent(collectionId)}`;
  return itemId === undefined
    ? base
    : `${base}/${itemId === null ? 'new' : encodeURIComponent(itemId)}`;
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export function routeFromHash(hash: string): EditorRoute {
  const [rawPath = '', query = ''] = hash.replace(/^#/, '').split('?');
  const path = rawPath.replace(/\/+$/, '') || '/';
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 0) return { name: 'overview' };
  const [first, ...rest] = parts;
  if (rest.length === 0) {
    if (
      first === 'performance' ||
      first === 'forms' ||
      first === 'restock' ||
      first === 'inventory' ||
      first === 'orders' ||
      first === 'subscriptions' ||
      first === 'customers' ||
      first === 'products' ||
      first === 'media' ||
      first === 'design' ||
      first === 'settings' ||
      first === 'pages' ||
      first === 'comments' ||
      first === 'reviews' ||
      first === 'discounts' ||
      first === 'developer' ||
      first === 'team' ||
      first === 'audit-log'
    )
      return { name: first };
    if (first === 'checkout') return { name: 'checkout-settings' };
    if (first === 'mailing-lists') return { name: 'mailing-lists' };
    if (first === 'gift-cards') return { name: 'gift-cards' };
    if (first === 'websites') return { name: 'websites' };
    if (first === 'security') return { name: 'security' };
  }
  if (first === 'websites' && rest.length === 1 && rest[0] === 'new')
    return { name: 'website-new' };
  if (
    first === 'forms' &&
    (rest.length === 1 || (rest.length === 2 && rest[1] === 'submissions'))
  ) {
    const formId = decode(rest[0]!);
    if (formId)
      return rest.length === 1 ? { name: 'form', formId } : { name: 'form-submissions', formId };
  }
  if (first === 'orders' && rest.length === 1) {
    const orderId = decode(rest[0]!);
    if (orderId) return { name: 'order', orderId };
  }
  if (first === 'gift-cards' && rest.length === 1) {
    const giftCardId = decode(rest[0]!);
    if (giftCardId) return { name: 'gift-card', giftCardId };
  }
  if (first === 'discounts' && rest.length === 1) {
    if (rest[0] === 'new') return { name: 'discount', discountId: null };
    const discountId = decode(rest[0]!);
    if (discountId) return { name: 'discount', discountId };
  }
  if (first === 'products' && rest.length === 1) {
    if (rest[0] === 'new')
      return {
        name: 'product-new',
        productType: Number(new URLSearchParams(query).get('type')) || 1,
      };
    const productId = decode(rest[0]!);
    if (productId) return { name: 'product', productId };
  }
  if (first === 'content' && (rest.length === 1 || rest.length === 2)) {
    const collectionId = decode(rest[0]!);
    const itemId = rest[1] === 'new' ? null : rest[1] && decode(rest[1]);
    if (collectionId && rest.length === 1) return { name: 'content-items', collectionId };
    if (collectionId && itemId !== undefined && itemId !== '')
      return { name: 'content-item', collectionId, itemId };
  }
  if (first === 'pages' && rest.length === 2 && rest[1] === 'edit') {
    const pageId = decode(rest[0]!);
    if (pageId) return { name: 'page-builder', pageId };
  }
  if (first === 'restock' && rest.length === 2) {
    const productId = decode(rest[0]!);
    const variantId = decode(rest[1]!);
    if (productId && variantId) return { name: 'restock-group', productId, variantId };
  }
  return { name: 'not-found', path };
}

/** Which navigation item is current for a route (a restock group belongs to Restock). */
export function navNameOf(route: EditorRoute): string | undefined {
  if (route.name === 'order') return 'orders';
  if (route.name === 'gift-card') return 'gift-cards';
  if (route.name === 'form' || route.name === 'form-submissions' || route.name === 'mailing-lists')
    return 'forms';
  if (route.name === 'product' || route.name === 'product-new') return 'products';
  if (route.name === 'discount') return 'discounts';
  // Blogs, events and galleries are reached from the Pages screen.
  if (route.name === 'content-items' || route.name === 'content-item') return 'pages';
  if (route.name === 'page-builder') return 'pages';
  if (route.name === 'website-new') return 'websites';
  return route.name === 'restock-group' ? 'restock' : route.name;
}
