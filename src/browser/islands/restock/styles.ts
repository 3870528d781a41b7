/**
 * The restock form's CSS, inlined by the server in each page's head (islands cannot import .css: the server
 * imports the same modules to SSR them). Class names start with `rs-`.
 */
const CSS = `
.rs-restock{margin-top:16px}
.rs-form{display:flex;flex-direction:column;gap:8px;max-width:28rem}
.rs-form[aria-busy=true]{opacity:.7}
.rs-cta{margin:0}
.rs-email{padding:10px 12px;font:inherit;border:1px solid rgba(0,0,0,.3)}
.rs-email[aria-invalid=true]{border-color:#b00020}
.rs-list{display:flex;align-items:center;gap:6px;font-size:.95em}
.rs-submit{padding:10px 16px;font:inherit;cursor:pointer}
.rs-error{color:#b00020;margin:0;min-height:1em}
.rs-error:empty{display:none}
.rs-success{margin:0;font-weight:600}
.rs-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

/** The sheet and its element id; the server inlines it in every page's head (render/assets.ts). */
export const RESTOCK_STYLES = { id: 'rs-styles', css: CSS };
