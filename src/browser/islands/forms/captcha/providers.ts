/**
 * Everything of the bot checks beyond drawing them: the ALTCHA solver (altcha-lib), the reCAPTCHA
 * and Turnstile loaders. One chunk, which `Captcha` fetches only when a form needs it — the visitor
 * focuses a field (ALTCHA), submits (reCAPTCHA v3 / Enterprise), or a checkbox widget is shown —
 * so pages whose forms nobody touches never download it (issue 13's JS budget).
 */
export { solveAltcha } from './altcha-solver.js';
export { executeRecaptcha, loadRecaptcha, widgetSize } from './recaptcha.js';
export { loadTurnstile } from './turnstile.js';
