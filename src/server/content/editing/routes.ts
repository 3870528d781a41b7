import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/errors.js';
import type { VersionedKind } from '../../../shared/content/versions-api.js';
import type { AppDeps } from '../../deps.js';
import { appError } from '../../errors/app-error.js';
import type { TypedApp } from '../../http/typed-app.js';
import { ownerGuard } from '../../http/owner-guard.js';
import { versionedAdapters, type VersionedAdapter } from './adapters.js';
import { readLock, releaseLock, takeLock } from './locks.js';
import { findVersion, listVersions } from './versions.js';

const Params = Type.Object({
  kind: Type.Union([Type.Literal('pages'), Type.Literal('items')]),
  id: Type.String({ minLength: 1, maxLength: 200 }),
});
const VersionParams = Type.Object({
  kind: Type.Union([Type.Literal('pages'), Type.Literal('items')]),
  id: Type.String({ minLength: 1, maxLength: 200 }),
  n: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
});

/**
 * Versions and edit locks of pages and items (issue 13; docs/editor.md), one implementation for
 * both kinds: each kind registers a `VersionedAdapter` (content/pages/, content/items/). Reads for
 * any role; a lock for anyone who may draft; a restore is a save, so it needs 'publish'.
 */
export async function editingRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const view = ownerGuard(deps.db, 'view');
  const draft = ownerGuard(deps.db, 'content');
  const publish = ownerGuard(deps.db, 'publish');

  /** The kind's adapter when the page or item is this website's; 404 otherwise. */
  const target = async (
    req: FastifyRequest,
    kind: VersionedKind,
    id: string,
  ): Promise<VersionedAdapter> => {
    const adapter = versionedAdapters[kind];
    if (!adapter || !(await adapter.exists(deps.db, req.site.id, id))) {
      throw appError(ErrorCode.NOT_FOUND);
    }
    return adapter;
  };
  const ownerOf = (req: FastifyRequest) => {
    if (!req.owner) throw appError(ErrorCode.UNAUTHENTICATED);
    return req.owner;
  };

  app.get(
    '/api/content/:kind/:id/versions',
    { schema: { params: Params }, preValidation: view },
    async (req, reply) => {
      const { kind, id } = req.params;
      await target(req, kind, id);
      reply.header('cache-control', 'no-store');
      return { versions: await listVersions(deps.db, req.site.id, kind, id) };
    },
  );

  app.get(
    '/api/content/:kind/:id/versions/:n',
    { schema: { params: VersionParams }, preValidation: view },
    async (req, reply) => {
      const { kind, id, n } = req.params;
      await target(req, kind, id);
      const found = await findVersion(deps.db, req.site.id, kind, id, n);
      if (!found) throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return found;
    },
  );

  app.post(
    '/api/content/:kind/:id/versions/:n/restore',
    // No body: the crumb comes in the X-CSRF-Token header (a body, if any, is ignored).
    { schema: { params: VersionParams }, preValidation: publish },
    async (req, reply) => {
      const { kind, id, n } = req.params;
      const adapter = await target(req, kind, id);
      const found = await findVersion(deps.db, req.site.id, kind, id, n);
      if (!found) throw appError(ErrorCode.NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return adapter.restore(req, id, found.doc, n);
    },
  );

  app.post(
    '/api/content/:kind/:id/lock',
    { schema: { params: Params }, preValidation: draft },
    async (req, reply) => {
      const { kind, id } = req.params;
      await target(req, kind, id);
      const owner = ownerOf(req);
      reply.header('cache-control', 'no-store');
      return takeLock(deps.db, {
        siteId: req.site.id,
        kind,
        targetId: id,
        owner: { ownerId: owner.ownerId, displayName: owner.displayName || owner.email },
      });
    },
  );

  app.delete(
    '/api/content/:kind/:id/lock',
    { schema: { params: Params }, preValidation: draft },
    async (req, reply) => {
      const { kind, id } = req.params;
      await target(req, kind, id);
      const owner = ownerOf(req);
      await releaseLock(deps.db, {
        siteId: req.site.id,
        kind,
        targetId: id,
        ownerId: owner.ownerId,
      });
      reply.header('cache-control', 'no-store');
      return readLock(deps.db, { siteId: req.site.id, kind, targetId: id, ownerId: owner.ownerId });
    },
  );
}
