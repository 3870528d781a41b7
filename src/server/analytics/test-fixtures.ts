import type { DatabaseHandle } from '../db/database.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import type { Visitor } from '../testing/test-app.js';
import { insertTestSite } from '../testing/site-fixtures.js';

/** Two websites (`demo` on localhost, `other` on other.localhost) and an owner of each. */
export async function seedTelemetrySites(h: DatabaseHandle): Promise<void> {
  for (const [id, slug] of [
    ['s1', 'demo'],
    ['s2', 'other'],
  ] as const) {
    await insertTestSite(h.db, { id, slug });
  }
  const a = await createOwner(h.db, {
    email: 'a@demo.test',
    password: 'pw-123456',
    displayName: 'A',
  });
  const b = await createOwner(h.db, {
    email: 'b@demo.test',
    password: 'pw-123456',
    displayName: 'B',
  });
  await grantRole(h.db, 's1', a, Role.ADMIN);
  await grantRole(h.db, 's2', b, Role.ADMIN);
}

export async function signIn(v: Visitor, email: string): Promise<void> {
  const res = await v.post('/api/auth/login', { email, password: 'pw-123456' });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
}

export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
