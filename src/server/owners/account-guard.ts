import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import { appError } from '../errors/app-error.js';

/**
 * The guard of the account routes (`/api/account/…`): a signed-in owner managing their own
 * account, whatever their role on this website — an owner with no website yet must still be
 * able to turn on two-step sign-in. These routes read and change nothing of a website, so they
 * are outside the permission table (`ownerGuard`); `account: true` tells the role walk so.
 */
export type AccountGuard = preValidationAsyncHookHandler & { readonly account: true };

export function accountGuard(): AccountGuard {
  const guard = async (req: FastifyRequest): Promise<void> => {
    if (!req.owner) throw appError(ErrorCode.UNAUTHENTICATED);
  };
  return Object.assign(guard, { account: true as const }) as AccountGuard;
}
