import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createOwner, grantRole, setOwnerPassword } from '../owners/owner-service.js';
import { Role } from '../../shared/enums.js';
import { loadDemoSites } from './demo-sites.js';

export const DEMO_OWNER_EMAIL = 'owner@demo.test';

export interface SeedResult {
  seeded: boolean;
  ownerEmail?: string;
  /** Set only when a password was generated (printed once at first start). */
  ownerPassword?: string;
}

/**
 * Loads the demo websites into an empty database (first start only) and makes sure the demo
 * owner exists. A generated password is kept under DATA_DIR so it can be shown again, and is
 * always the account's password (set on an existing owner too).
 */
export async function seedDemo(opts: {
  db: Db;
  config: Config;
  say: (m: string) => void;
  /** DEMO_OWNER_PASSWORD's hash, if the caller started it early (server.ts). */
  demoOwnerHash?: Promise<string> | undefined;
}): Promise<SeedResult> {
  const { db, config, say } = opts;
  const existing = await db.selectFrom('sites').select('id').limit(1).executeTakeFirst();
  let seeded = false;
  if (!existing) {
    say('Seeding the demo websites…');
    await loadDemoSites({ db, config, say });
    seeded = true;
  }
  const owner = await db
    .selectFrom('owners')
    .select('id')
    .where('email', '=', DEMO_OWNER_EMAIL)
    .executeTakeFirst();
  const pwFile = path.join(config.dataDir, 'demo-owner-password');
  let password = config.demoOwnerPassword;
  let generated: string | undefined;
  if (!password) {
    if (fs.existsSync(pwFile)) password = fs.readFileSync(pwFile, 'utf8').trim();
    else {
      password = generated = crypto.randomBytes(9).toString('base64url');
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(pwFile, password, { mode: 0o600 });
    }
  }
  let ownerId = owner?.id;
  if (!ownerId) {
    ownerId = await createOwner(db, {
      email: DEMO_OWNER_EMAIL,
      password,
      displayName: 'Demo Owner',
    });
  } else if (config.demoOwnerPassword) {
    await setOwnerPassword(db, ownerId, config.demoOwnerPassword, opts.demoOwnerHash);
  } else if (generated) {
    // The owner outlived its data folder (DATABASE_URL reused with a new DATA_DIR): the password
    // about to be printed must be the one that signs in.
    await setOwnerPassword(db, ownerId, generated);
  }
  const sites = await db.selectFrom('sites').select('id').execute();
  for (const s of sites) await grantRole(db, s.id, ownerId, Role.ADMIN);
  return {
    seeded,
    ownerEmail: DEMO_OWNER_EMAIL,
    ...(generated || (!config.demoOwnerPassword && password) ? { ownerPassword: password } : {}),
  };
}
