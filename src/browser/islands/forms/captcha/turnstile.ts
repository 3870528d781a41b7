/** The part of Cloudflare's `turnstile` we use. */
export interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id?: string): void;
  getResponse(id?: string): string | undefined;
}

let turnstileScript: Promise<TurnstileApi> | undefined;

/** Loads Cloudflare's script once per page; a failed load is forgotten so a retry loads again. */
export function loadTurnstile(): Promise<TurnstileApi> {
  turnstileScript ??= new Promise<TurnstileApi>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
    el.async = true;
    el.onload = () => {
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error('Document was destroyed'));
    };
    el.onerror = () => {
      turnstileScript = undefined;
      reject(new Error('Document was destroyed'));
    };
    document.head.appendChild(el);
  });
  return turnstileScript;
}
