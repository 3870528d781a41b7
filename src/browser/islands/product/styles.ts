import type { CSSProperties } from 'react';

/**
 * The product islands' own CSS. Islands cannot import .css (the server imports the same modules
 * to SSR them), so this sheet is a string the server inlines in each page's head. Everything needed before hydration
 * (visually hidden labels) is an inline style instead. Class names start with `pi-`.
 */
const CSS = `
.pi-button{transition:transform .2s ease}
.pi-button.pi-pulse{animation:pi-scale .2s ease}
@keyframes pi-scale{0%{transform:scale(1)}50%{transform:scale(.95)}100%{transform:scale(1)}}
.pi-button[data-flagged=true]{outline:2px solid currentColor;outline-offset:2px}
.pi-overlay{position:fixed;inset:0;z-index:10000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45);animation:pi-fade .3s ease}
.pi-dialog{position:relative;background:#fff;color:#111;max-width:min(92vw,640px);max-height:90vh;overflow:auto;padding:24px;border-radius:4px;box-shadow:0 8px 32px rgba(0,0,0,.25);animation:pi-rise .3s ease}
.pi-dialog:focus{outline:none}
.pi-dialog-wide{max-width:min(96vw,960px);width:100%}
.pi-close{position:absolute;top:4px;right:4px;display:grid;place-items:center;min-width:44px;min-height:44px;background:none;border:0;border-radius:50%;color:inherit;font-size:24px;line-height:1;cursor:pointer;padding:0}
@keyframes pi-fade{from{opacity:0}to{opacity:1}}
@keyframes pi-rise{from{opacity:0;transform:translateY(12px)}to{opacity:1;transform:none}}
.pi-popover{position:fixed;z-index:10001;box-sizing:border-box;background:var(--paper,#fff);color:var(--ink,#111);padding:16px;border:1px solid rgba(0,0,0,.08);border-radius:8px;box-shadow:0 8px 28px rgba(0,0,0,.18);width:min(360px,calc(100vw - 66px));animation:pi-fade .3s ease}
.pi-popover-body{display:flex;gap:12px;align-items:center;padding-right:32px}
.pi-popover-image{flex:none;display:block;width:64px;height:64px;object-fit:cover;border-radius:6px;background:rgba(0,0,0,.06)}
.pi-popover-text{margin:0;font-size:.95rem;line-height:1.4;overflow-wrap:anywhere}
.pi-popover-actions{display:flex;gap:8px;margin-top:14px}
.pi-popover-actions .button{flex:1 1 0;box-sizing:border-box;min-height:44px;display:inline-flex;align-items:center;justify-content:center;padding:.5rem .75rem;text-align:center;line-height:1.2;font:inherit;font-weight:600;text-decoration:none;border:2px solid var(--action-border,#111);border-radius:var(--action-radius,999px);background:var(--action-background,#111);color:var(--action-color,#fff)}
.pi-popover-actions .button-secondary{background:transparent;color:var(--action-border,#111)}
.pi-popover-actions .button:hover{background:color-mix(in srgb,var(--action-border,#111) 85%,#fff);color:var(--action-color,#fff)}
.pi-popover .pi-close{min-width:44px;min-height:44px;top:2px;right:2px;color:inherit}
.pi-field{display:block;margin:0 0 12px}
.pi-field-error{color:#b00020;font-size:.9em;margin:4px 0 0}
.pi-mark{display:inline-block;margin-left:8px;font-size:.8em;text-transform:uppercase;letter-spacing:.05em}
.pi-original{text-decoration:line-through;opacity:.7;margin-left:8px}
.pi-installment{font-size:.9em;margin:8px 0}
.pi-installment-frame{display:block;width:min(80vw,560px);height:min(60vh,480px);border:0}
.pi-installment button{position:relative;background:none;color:inherit;font:inherit;padding:0;border:1px solid currentColor;border-radius:50%;width:1.6em;height:1.6em;cursor:pointer;margin-left:4px}
.pi-installment button::after{content:'';position:absolute;inset:-12px}
.pi-subscription label{display:flex;align-items:center;gap:.6rem;min-height:44px}
.pi-subscription input{width:1.25rem;height:1.25rem;margin:0;flex:none;accent-color:currentColor}
@media (prefers-reduced-motion: reduce){.pi-button,.pi-button.pi-pulse,.pi-overlay,.pi-dialog,.pi-popover{animation:none;transition:none}}
`;

/** The sheet and its element id; the server inlines it in every page's head (render/assets.ts). */
export const PRODUCT_STYLES = { id: 'pi-styles', css: CSS };

/** Hidden from sight, read by screen readers ('Sale Price:' / 'Original Price:'). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
