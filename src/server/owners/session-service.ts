import crypto from 'node:crypto';
import type { Db } from '../db/database.js';

import { AUTH_HINT_COOKIE, SESSION_COOKIE } from '../../shared/wire-names.js';
export { AUTH_HINT_COOKIE, SESSION_COOKIE };
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;

export interface OwnerSession {
  sessionId: string;
  ownerId: string;
  email: string;
  displayName: string;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Sessions are opaque random tokens; only their hash is stored, so a database leak is no login. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async create(ownerId: string): Promise<{ token: string; sessionId: string; expires: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const sessionId = hashToken(token);
    const expires = new Date(this.now() + SESSION_TTL_MS);
    await this.db
      .insertInto('sessions')
      .values({ id: sessionId, owner_id: ownerId, expires_at: expires })
      .execute();
    return { token, sessionId, expires };
  }

  async find(token: string | undefined): Promise<OwnerSession | undefined> {
    if (!token || token.length > 100) return undefined;
    const sessionId = hashToken(token);
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('owners', 'owners.id', 'sessions.owner_id')
      .select([
        'sessions.id',
        'sessions.expires_at',
        'owners.id as owner_id',
        'owners.email',
        'owners.display_name',
      ])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= this.now()) return undefined;
    return {
      sessionId: row.id,
      ownerId: row.owner_id,
      email: row.email,
      displayName: row.display_name,
    };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
  }
}
