import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend, openTestDatabase } from '../testing/backends.js';
import { insertTestSite } from '../testing/site-fixtures.js';
import { testConfig } from '../testing/test-app.js';
import type { DatabaseHandle } from '../db/database.js';
import { authenticate, createOwner } from '../owners/owner-service.js';
import { DEMO_OWNER_EMAIL, seedDemo } from './seed-demo.js';

describeEachBackend('demo owner password', (kind) => {
  let h: DatabaseHandle;
  const dirs: string[] = [];
  const freshDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-demo-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    // A database that already has its websites and demo owner (DATABASE_URL reused).
    await insertTestSite(h.db, { id: 'site-seeded', slug: 'demo' });
    await createOwner(h.db, {
      email: DEMO_OWNER_EMAIL,
      password: 'the-old-password',
      displayName: 'Demo Owner',
    });
  });
  afterAll(async () => {
    await h?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('sets the password it generates on an owner that already exists', async () => {
    const dataDir = freshDataDir();
    const config = testConfig({ dataDir, demoOwnerPassword: undefined });
    const result = await seedDemo({ db: h.db, config, say: () => {} });
    expect(result.seeded).toBe(false);
    const printed = result.ownerPassword!;
    expect(printed).toMatch(/^[\w-]{12}$/);
    expect(fs.readFileSync(path.join(dataDir, 'demo-owner-password'), 'utf8')).toBe(printed);
    await expect(authenticate(h.db, DEMO_OWNER_EMAIL, printed)).resolves.toEqual(
      expect.any(String),
    );
    await expect(authenticate(h.db, DEMO_OWNER_EMAIL, 'the-old-password')).rejects.toThrow();

    // A later start with the same folder prints the same password, which still signs in.
    const again = await seedDemo({ db: h.db, config, say: () => {} });
    expect(again.ownerPassword).toBe(printed);
    await expect(authenticate(h.db, DEMO_OWNER_EMAIL, printed)).resolves.toEqual(
      expect.any(String),
    );
  });
});
