/** The forms' CSS, inlined by the server in every page's head (islands cannot import .css). Classes: `form-`. */
const CSS = `
.form-block{max-width:40rem}
.form-block form{display:flex;flex-direction:column;gap:16px}
.form-block[data-kind=newsletter] form{gap:10px}
.form-field label,.form-field legend{display:block;font-weight:600;margin-bottom:4px;padding:0}
.form-field fieldset{border:0;margin:0;padding:0}
.form-required{color:#b00020;margin-left:2px}
.form-description{margin:0 0 6px;font-size:.9em;opacity:.8}
.form-input{box-sizing:border-box;width:100%;padding:10px 12px;font:inherit;border:1px solid rgba(0,0,0,.3);border-radius:2px;background:#fff;color:inherit}
.form-input[aria-invalid=true]{border-color:#b00020}
.form-parts{display:flex;flex-wrap:wrap;gap:8px}
.form-part{flex:1 1 6rem;min-width:5rem}
.form-part label{font-weight:400;font-size:.8em}
.form-option{display:flex;align-items:center;gap:6px;margin:4px 0;font-weight:400}
.form-likert-row{margin:8px 0}
.form-likert-scale{display:flex;flex-wrap:wrap;gap:10px}
.form-counter{font-size:.85em;text-align:right;margin-top:4px;opacity:.8}
.form-counter[data-over=true]{color:#b00020;opacity:1;font-weight:600}
.form-field-error{color:#b00020;margin:4px 0 0;font-size:.9em}
.form-banner{border:1px solid #b00020;color:#b00020;padding:10px 12px;margin:0}
.form-message{margin:0}
.form-submit{align-self:flex-start;padding:12px 24px;font:inherit;cursor:pointer}
.form-submit[aria-disabled=true]{opacity:.7;cursor:progress}
.form-section h3{margin:8px 0 0}
.form-captcha-status{font-size:.85em;opacity:.8;margin:0}
.form-disclaimer{font-size:.85em;opacity:.8}
.form-hp{position:absolute!important;left:-10000px;width:1px;height:1px;overflow:hidden}
`;

/** The sheet and its element id; the server inlines it in every page's head (render/assets.ts). */
export const FORM_STYLES = { id: 'form-styles', css: CSS };
