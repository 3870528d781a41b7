/** SPEC 2: the only path the cart link ever uses. */
export const CART_PAGE_PATH = '/cart';

/**
 * SPEC 2: clicking the indicator goes to /cart; inside an embedded frame (the editor's preview)
 * the frame's own address is set, never the top window's.
 */
export function goToCart(win: Pick<Window, 'location' | 'top' | 'self'>): void {
  if (win.top !== win.self) {
    win.location.href = CART_PAGE_PATH;
    return;
  }
  win.location.assign(CART_PAGE_PATH);
}
