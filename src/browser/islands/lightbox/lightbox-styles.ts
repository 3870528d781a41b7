/**
 * The lightbox's sheet, injected when it first opens (nothing on the page needs it before).
 * SPEC 9.1: 0.3 s in and out; none under reduced motion. `align-items: safe center` keeps the top
 * of content just short of "tall" (by the overlay's padding) within reach instead of cut off.
 * The caption sets its own colour: themes style `figcaption` (muted, for light pages), which
 * on this dark overlay failed contrast (axe).
 */
export const LIGHTBOX_CSS = `
.lb{position:fixed;inset:0;z-index:10000;display:flex;align-items:center;align-items:safe center;justify-content:center;overflow:auto;overscroll-behavior:contain;padding:4rem 1rem 1.5rem;background:rgba(14,14,16,.97);color:#f5f5f4;animation:lb-in .3s ease both}
.lb.lb-tall{align-items:flex-start;padding-top:0}
.lb.lb-out{animation:lb-out .3s ease both}
.lb:focus{outline:none}
.lb-content{margin:0 auto;max-width:min(100%,75rem);touch-action:pan-y;animation:lb-zoom .3s ease both}
.lb-frame{display:flex;justify-content:center}
.lb-img{display:block;max-width:100%;max-height:calc(100vh - 10rem);max-height:calc(100dvh - 10rem);width:auto;height:auto;object-fit:contain;border-radius:2px;user-select:none;-webkit-user-drag:none}
.lb-caption{max-width:42rem;margin:1rem auto 0;text-align:center;font-size:.95rem;line-height:1.5;color:inherit}
.lb-caption p{margin:0 0 .35rem}
.lb-title{font-weight:600;font-size:1.05rem}
.lb-link{color:inherit;text-underline-offset:3px}
.lb-description{color:#d6d3d1}
.lb-count{color:#a8a29e;font-size:.85rem;font-variant-numeric:tabular-nums}
.lb-btn{position:fixed;z-index:1;display:flex;align-items:center;justify-content:center;width:3rem;height:3rem;padding:0;border:0;border-radius:50%;background:rgba(255,255,255,.12);color:#fff;cursor:pointer;transition:background-color .15s ease}
.lb-btn:hover{background:rgba(255,255,255,.24)}
.lb-btn:focus-visible,.lb-link:focus-visible{outline:3px solid #8ab4f8;outline-offset:3px}
.lb-close{top:.75rem;right:.75rem}
.lb-prev,.lb-next{top:50%;transform:translateY(-50%)}
.lb-prev{left:.75rem}
.lb-next{right:.75rem}
@media (max-width:40rem){.lb-prev,.lb-next{top:auto;bottom:.75rem;transform:none}.lb{padding-bottom:4.5rem}}
@keyframes lb-in{from{opacity:0}to{opacity:1}}
@keyframes lb-out{from{opacity:1}to{opacity:0}}
@keyframes lb-zoom{from{transform:scale(.96)}to{transform:none}}
@media (prefers-reduced-motion:reduce){.lb,.lb.lb-out,.lb-content{animation:none}}
`;
