import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import { allows, type Permission } from '../../shared/team/permissions.js';
import { appError } from '../errors/app-error.js';
import { rolesOf } from '../owners/owner-service.js';
import type { Db } from '../db/database.js';

/** A route guard that says which permission it checks (read by the role-walk test). */
export type OwnerGuard = preValidationAsyncHookHandler & {
  /** Any one of these grants access. */
  readonly permissions: readonly Permission[];
};

/**
 * The one guard of every owner route (issue 16): a signed-in owner whose roles on this website
 * grant `permission` (or any one of a list: media serves pages and products alike) in
 * `shared/team/permissions.ts`. 401 without a session, 403 without it. Used as the route's `preValidation`, after the crumb check and before the body
 * schema, so a role without access learns nothing about the payload rules.
 */
export function ownerGuard(
  db: Db,
  permission: Permission | readonly Permission[],
  opts: {
    /**
     * The website the route acts on when it is not the host's: `/api/websites/{id}/…` (issue 16)
     * checks the owner's roles on `{id}`, so /config can manage any of the owner's websites.
     */
    siteOf?: (req: FastifyRequest) => string;
  } = {},
): OwnerGuard {
  const permissions: readonly Permission[] =
    typeof permission === 'string' ? [permission] : permission;
  const guard = async (req: FastifyRequest): Promise<void> => {
    if (!req.owner) throw appError(ErrorCode.UNAUTHENTICATED);
    const siteId = opts.siteOf ? opts.siteOf(req) : req.site.id;
    const roles = await rolesOf(db, req.owner.ownerId, siteId);
    if (!permissions.some((p) => allows(roles, p))) throw appError(ErrorCode.FORBIDDEN);
  };
  return Object.assign(guard, { permissions }) as OwnerGuard;
}

/** The permissions a route's guard accepts (any one), or undefined for public routes. */
export function guardedPermissions(preValidation: unknown): readonly Permission[] | undefined {
  const hooks: unknown[] = Array.isArray(preValidation) ? preValidation : [preValidation];
  for (const h of hooks) {
    const p = (h as Partial<OwnerGuard> | undefined)?.permissions;
    if (p) return p;
  }
  return undefined;
}

/** The signed-in owner's id on a guarded route (the guard made sure there is one). */
export function guardedOwnerId(req: FastifyRequest): string {
  if (!req.owner) throw appError(ErrorCode.UNAUTHENTICATED);
  return req.owner.ownerId;
}
