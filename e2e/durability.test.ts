import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server.js';

/** Signs in (a write: a session row) and returns the cookie header proving it. */
async function signIn(base: string): Promise<string> {
  const first = await fetch(`${base}/config/login`);
  const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `crumb=${crumb}`,
      'x-csrf-token': decodeURIComponent(crumb),
    },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  return `sid=${sid}`;
}

async function signedIn(base: string, cookie: string): Promise<boolean> {
  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  return ((await me.json()) as { signedIn: boolean }).signedIn;
}

describe('the embedded database survives stops and kills', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-durability-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps committed data across Ctrl-C (SIGINT) and SIGKILL, and starts again', async () => {
    const first = await startServer({}, { dataDir });
    const cookie = await signIn(first.url);
    expect(await first.kill('SIGINT')).toBe(0);

    const second = await startServer({}, { dataDir });
    expect(await signedIn(second.url, cookie)).toBe(true);
    const cookie2 = await signIn(second.url);
    // A kill gives no chance to close the database: committed rows must still be there.
    await second.kill('SIGKILL');

    const third = await startServer({}, { dataDir });
    expect(await signedIn(third.url, cookie)).toBe(true);
    expect(await signedIn(third.url, cookie2)).toBe(true);
    // The seed ran once: a restart does not load the demo again.
    expect(third.output()).not.toContain('Seeding');
    await third.stop();
  });
});
