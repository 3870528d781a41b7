import { describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError, toApiError } from './api.js';
import { readCookie } from './cookies.js';

function respond(status: number, body?: unknown): typeof fetch {
  return vi.fn(
    async () => new Response(body === undefined ? null : JSON.stringify(body), { status }),
  ) as unknown as typeof fetch;
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('apiFetch', () => {
  it('sends JSON with the crumb and an idempotency key, and reads JSON back', async () => {
    const f = respond(200, { shoppingCart: { id: 'c' } });
    const out = await apiFetch('/api/x', {
      method: 'POST',
      json: { a: 1 },
      idempotencyKey: 'k-1',
      fetch: f,
      cookies: 'other=1; crumb=abc.def%3D; x=2',
    });
    expect(out).toEqual({ shoppingCart: { id: 'c' } });
    const [path, init] = (f as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as [
      string,
      RequestInit,
    ];
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-CSRF-Token': 'abc.def=',
      'Idempotency-Key': 'k-1',
    });
  });

  it('GETs carry no body and no crumb; an empty answer resolves undefined', async () => {
    const f = respond(204);
    expect(await apiFetch('/api/y', { fetch: f, cookies: 'crumb=abc' })).toBeUndefined();
    const init = (f as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('429 → the SPEC text, whatever the server said', async () => {
    const err = await failure(
      apiFetch('/api/x', { method: 'POST', fetch: respond(429, { message: 'slow down' }) }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, message: 'Please try again in a few seconds.' });
  });

  it("crumb failures → the server's SPEC 8.1 text", async () => {
    const expired = 'Your session has expired. Please reload the page and try again.';
    const err = await failure(
      apiFetch('/api/x', {
        method: 'POST',
        fetch: respond(403, {
          error: { code: 'CRUMB_INVALID', message: expired },
          message: expired,
        }),
      }),
    );
    expect(err).toMatchObject({ status: 403, code: 'CRUMB_INVALID', message: expired });
    expect(toApiError(403, { error: { code: 'COOKIES_DISABLED' } }).message).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });

  it('a network failure → check your connection; an abort stays an abort', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const err = await failure(apiFetch('/api/x', { fetch: down }));
    expect(err).toMatchObject({ status: 0, message: 'Please check your internet connection.' });
    expect(err.isNetworkError).toBe(true);

    const ctrl = new AbortController();
    ctrl.abort();
    const aborted = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch;
    const e2 = await failure(apiFetch('/api/x', { fetch: aborted, signal: ctrl.signal }));
    expect(e2).not.toBeInstanceOf(ApiError);
    expect((e2 as unknown as Error).name).toBe('AbortError');
  });

  it("other failures → the server's message, else 'Please try again.'", async () => {
    const msg = 'Sorry, we do not have enough of that item available.';
    const err = await failure(
      apiFetch('/api/x', {
        fetch: respond(409, { error: { code: 'OUT_OF_STOCK', message: msg }, message: msg }),
      }),
    );
    expect(err).toMatchObject({ status: 409, code: 'OUT_OF_STOCK', message: msg });
    expect(err.body).toMatchObject({ message: msg });
    const bare = await failure(
      apiFetch('/api/x', {
        fetch: vi.fn(async () => new Response('<html>', { status: 502 })) as never,
      }),
    );
    expect(bare).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Please try again.' });
  });
});

describe('readCookie', () => {
  it('finds a cookie by exact name and decodes it', () => {
    expect(readCookie('crumb', 'xcrumb=1; crumb=a%20b')).toBe('a b');
    expect(readCookie('cart', 'crumb=1')).toBeUndefined();
    expect(readCookie('bad', 'bad=%E0%A4%A')).toBe('%E0%A4%A');
    expect(readCookie('x', '')).toBeUndefined();
  });
});
