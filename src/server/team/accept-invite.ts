import { ErrorCode, OwnerMessages } from '../../shared/errors.js';
import { Role } from '../../shared/enums.js';
import type { AcceptInviteJson } from '../../shared/team/members.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { appError } from '../errors/app-error.js';
import { checkPassword } from '../owners/account-service.js';
import { consumeToken } from '../owners/auth-tokens.js';
import { createOwner, grantRole } from '../owners/owner-service.js';
import { verifyPassword } from '../owners/passwords.js';

export interface AcceptInviteInput {
  /** The website the link was opened on: an invite works only on its own website. */
  siteId: string;
  token: string;
  password?: string | undefined;
  /** The signed-in owner, if any: the invited address's own account joins without a password. */
  ownerId?: string | undefined;
}

/**
 * Joins the website with the invite's role (issue 16), in one transaction with the token spent,
 * so a refusal (wrong password, too short) leaves the link working. A new address sets its
 * password here and its account is verified at once (the mail proved the address); an address
 * with an account joins when it is the signed-in owner or gives that account's password.
 */
export async function acceptInvite(
  deps: { db: Db; now: () => number },
  input: AcceptInviteInput,
): Promise<AcceptInviteJson> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date(deps.now());
    const invite = await consumeToken(trx, input.token, 'invite', now);
    if (!invite || invite.siteId !== input.siteId) throw appError(ErrorCode.TOKEN_INVALID);
    const role = invite.role ?? Role.VIEWER;
    const account = await trx
      .selectFrom('owners')
      .select(['id', 'password_hash'])
      .where('email', '=', invite.email)
      .executeTakeFirst();
    let ownerId: string;
    if (account) {
      if (account.id !== input.ownerId) {
        if (!input.password)
          throw appError(ErrorCode.INVALID_CREDENTIALS, OwnerMessages.INVITE_PASSWORD_NEEDED);
        if (!(await verifyPassword(account.password_hash, input.password)))
          throw appError(ErrorCode.INVALID_CREDENTIALS);
      }
      ownerId = account.id;
      const member = await trx
        .selectFrom('site_roles')
        .select('role')
        .where('site_id', '=', input.siteId)
        .where('owner_id', '=', ownerId)
        .where('role', '<>', Role.NONE)
        .executeTakeFirst();
      if (member) throw appError(ErrorCode.MEMBER_EXISTS);
      // The invite mail reached the address: an account never verified is now.
      await trx
        .updateTable('owners')
        .set({ email_verified_at: now })
        .where('id', '=', ownerId)
        .where('email_verified_at', 'is', null)
        .execute();
    } else {
      const password = input.password ?? '';
      // The same rule as sign-up and reset (characters, not UTF-16 units).
      checkPassword(password);
      ownerId = await createOwner(trx, {
        email: invite.email,
        password,
        displayName: invite.email.split('@')[0] ?? invite.email,
        verified: true,
      });
    }
    await grantRole(trx, input.siteId, ownerId, role);
    await recordAudit(trx, {
      siteId: input.siteId,
      ownerId,
      action: 'team.join',
      target: invite.email,
      details: { role },
    });
    return { ok: true, siteId: input.siteId, email: invite.email, role, newAccount: !account };
  });
}
