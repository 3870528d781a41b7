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
  | { name: 'checkout-settings' }
  | { name: 'products' }
  | { name: 'product'; productId: string }
  | { name: 'product-new'; productType: number }
  | { name: 'media' }
  | { name: 'not-found'; path: string };

export const NAV_ITEMS = [
  { name: 'overview', href: '#/', label: 'Overview' },
  { name: 'orders', href: '#/orders', label: 'Orders' },
  { name: 'products', href: '#/products', label: 'Products' },
  { name: 'inventory', href: '#/inventory', label: 'Inventory' },
  { name: 'media', href: '#/media', label: 'Media' },
  { name: 'forms', href: '#/forms', label: 'Forms & mail' },
  { name: 'restock', href: '#/restock', label: 'Restock' },
  { name: 'checkout-settings', href: '#/checkout', label: 'Checkout' },
  { name: 'performance', href: '#/performance', label: 'Performance' },
] as const;

/** `#/restock/{productId}/{variantId}` — ids are URI-encoded (they are free text in theory). */
export function restockGroupHref(productId: string, variantId: string): string {
  return `#/restock/${encodeURIComponent(productId)}/${encodeURIComponent(variantId)}`;
}

/** `#/forms/{id}` (the builder; `new` for a new form) and `#/forms/{id}/submissions`. */
export function formHref(formId: string, part?: 'submissions'): string {
  return `#/forms/${encodeURIComponent(formId)}${part ? `/${part}` : ''}`;
}

/** `#/orders/{id}` */
export function orderHref(orderId: string): string {
  return `#/orders/${encodeURIComponent(orderId)}`;
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
      first === 'products' ||
      first === 'media'
    )
      return { name: first };
    if (first === 'checkout') return { name: 'checkout-settings' };
    if (first === 'mailing-lists') return { name: 'mailing-lists' };
  }
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
  if (first === 'products' && rest.length === 1) {
    if (rest[0] === 'new')
      return {
        name: 'product-new',
        productType: Number(new URLSearchParams(query).get('type')) || 1,
      };
    const productId = decode(rest[0]!);
    if (productId) return { name: 'product', productId };
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
  if (route.name === 'form' || route.name === 'form-submissions' || route.name === 'mailing-lists')
    return 'forms';
  if (route.name === 'product' || route.name === 'product-new') return 'products';
  return route.name === 'restock-group' ? 'restock' : route.name;
}
