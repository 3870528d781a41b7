/**
 * The cart islands' CSS. Islands cannot import .css (the server imports the same modules to SSR
 * them), so this small sheet is a string the server inlines in each page's head; what must hold before hydration
 * (the hidden indicator) is an inline style instead. Class names start with `ci-`.
 * On phones (≤ 40rem) each line is a small grid, item on top and quantity / remove / price
 * below: a four-column table is wider than a 360 px screen, and long answers wrap anywhere.
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
.ci-cart .ci-coupon{display:flex;flex-direction:column;align-items:flex-end;gap:6px;width:100%;max-width:360px}
.ci-cart .ci-coupon-form{display:flex;flex-direction:column;gap:4px;width:100%}
.ci-cart .ci-coupon-row{display:flex;gap:8px}
.ci-cart .ci-coupon-row input{flex:1;min-width:0;padding:8px;font:inherit;text-transform:uppercase}
.ci-cart .ci-coupon-row button{padding:8px 14px;font:inherit;cursor:pointer}
.ci-cart .ci-coupon-applied,.ci-cart .ci-coupon-invalid,.ci-cart .ci-discount{margin:0;text-align:right}
.ci-cart .ci-coupon-chip{display:inline-block;padding:2px 8px;margin-right:8px;border:1px solid currentColor;border-radius:4px;font-size:.9em}
.ci-cart .ci-coupon-invalid{color:#b00020}
.ci-cart .ci-alert{color:#b00020;margin:12px 0}
.ci-cart .ci-edit{margin-top:6px;padding:0;background:none;border:0;color:inherit;text-decoration:underline;cursor:pointer;font:inherit}
.ci-cart [aria-busy=true]{opacity:.6}
.ci-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.ci-cart td:first-child{overflow-wrap:anywhere}
.ci-cart .ci-item{display:flex;gap:12px;align-items:flex-start}
.ci-cart .ci-item-text{flex:1;min-width:0}
.ci-thumb{flex:none;display:block;width:72px;height:72px;object-fit:cover;border-radius:4px;background:rgba(0,0,0,.06)}
@media (max-width:40rem){.ci-cart table,.ci-cart tbody,.ci-cart td{display:block}.ci-cart thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}.ci-cart tr{display:grid;grid-template-columns:auto 1fr auto;grid-template-areas:"item item item" "qty remove price";align-items:center;gap:8px 12px;padding:12px 0;border-bottom:1px solid rgba(0,0,0,.12)}.ci-cart td{padding:0;border:0}.ci-cart td:nth-child(1){grid-area:item}.ci-cart td:nth-child(2){grid-area:qty}.ci-cart td:nth-child(3){grid-area:price}.ci-cart td:nth-child(4){grid-area:remove;text-align:left}}
@media (prefers-reduced-motion: reduce){.ci-indicator,.ci-indicator[data-visible=true]{transition:none}}
`;

/** The sheet and its element id; the server inlines it in every page's head (render/assets.ts). */
export const CART_STYLES = { id: 'ci-styles', css: CSS };
