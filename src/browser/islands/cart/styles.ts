/**
 * The cart islands' CSS. Islands cannot import .css (the server imports the same modules to SSR
 * them), so this small sheet is a string the server inlines in each page's head; what must hold before hydration
 * (the hidden indicator) is an inline style instead. Class names start with `ci-`.
 */
const CSS = `
.ci-indicator{transition:opacity .3s ease,visibility 0s linear .3s}
.ci-indicator[data-visible=true]{transition:opacity .3s ease,visibility 0s}
.ci-cart table{width:100%;border-collapse:collapse}
.ci-cart th,.ci-cart td{text-align:left;padding:12px 8px;border-bottom:1px solid rgba(0,0,0,.12);vertical-align:top}
.ci-cart .ci-num{text-align:right;white-space:nowrap}
.ci-cart input[type=number]{width:5em}
.ci-cart .ci-meta{margin:4px 0 0;font-size:.9em;opacity:.8}
.ci-cart .ci-summary{display:flex;flex-direction:column;align-items:flex-end;gap:12px;margin-top:24px}
.ci-cart .ci-alert{color:#b00020;margin:12px 0}
.ci-cart .ci-edit{margin-top:6px;padding:0;background:none;border:0;color:inherit;text-decoration:underline;cursor:pointer;font:inherit}
.ci-cart [aria-busy=true]{opacity:.6}
.ci-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (prefers-reduced-motion: reduce){.ci-indicator,.ci-indicator[data-visible=true]{transition:none}}
`;

/** The sheet and its element id; the server inlines it in every page's head (render/assets.ts). */
export const CART_STYLES = { id: 'ci-styles', css: CSS };

export function ensureCartStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(CART_STYLES.id)) return;
  const style = document.createElement('style');
  style.id = CART_STYLES.id;
  style.textContent = CSS;
  document.head.appendChild(style);
}
