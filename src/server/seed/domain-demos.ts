import type { Config } from '../config.js';
import type { Db } from '../db/database.js';

export interface DemoSeedContext {
  db: Db;
  config: Config;
  say: (m: string) => void;
}

/** A domain's demo rows (forms, restock sign-ups…), run after the demo websites exist. */
export type DemoSeeder = (ctx: DemoSeedContext) => Promise<void>;

/** Each domain appends its seeder here (see docs/contracts.md). */
export const demoSeeders: DemoSeeder[] = [];
