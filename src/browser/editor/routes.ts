/** The dashboard's screens, addressed by the hash (`/config#/performance`) so the server needs one route. */
export type EditorRoute =
  | { name: 'overview' }
  | { name: 'performance' }
  | { name: 'forms' }
  | { name: 'restock' }
  | { name: 'restock-group'; productId: string; variantId: string }
  | { name: 'inventory' }
  | { name: 'orders' }
  | { name: 'order'; orderId: string }
  | { name: 'checkout-settings' }
  | { name: 'media' }
  | { name: 'not-found'; path: string };

export const NAV_ITEMS = [
  { name: 'overview', href: '#/', label: 'Overview' },
  { name: 'orders', href: '#/orders', label: 'Orders' },
  { name: 'performance', href: '#/performance', label: 'Performance' },
  { name: 'forms', href: '#/forms', label: 'Forms & mail' },
  { name: 'restock', href: '#/restock', label: 'Restock' },
  { name: 'inventory', href: '#/inventory', label: 'Inventory' },
  { name: 'checkout-settings', href: '#/checkout', label: 'Checkout' },
  { name: 'media', href: '#/media', label: 'Media' },
] as const;

/** `#/restock/{productId}/{variantId}` — ids are URI-encoded (they are free text in theory). */
export function restockGroupHref(productId: string, variantId: string): string {
  return `#/restock/${encodeURIComponent(productId)}/${encodeURIComponent(variantId)}`;
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
  const path = hash.replace(/^#/, '').replace(/\/+$/, '') || '/';
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
      first === 'media'
    )
      return { name: first };
    if (first === 'checkout') return { name: 'checkout-settings' };
  }
  if (first === 'orders' && rest.length === 1) {
    const orderId = decode(rest[0]!);
    if (orderId) return { name: 'order', orderId };
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
  return route.name === 'restock-group' ? 'restock' : route.name;
}
