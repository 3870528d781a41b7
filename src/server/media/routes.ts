import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/errors.js';
import { MediaLimits } from '../../shared/media/api.js';
import type { DomainRoutes } from '../deps.js';
import { AppError, appError } from '../errors/app-error.js';
import { ownerGuard } from '../http/owner-guard.js';
import { fileKey } from '../content/asset-files.js';
import {
  createAsset,
  deleteAsset,
  getAsset,
  listAssets,
  patchAsset,
  replaceAsset,
  type MediaDeps,
} from './media-service.js';
import { receiveUpload, type ReceivedFile } from './receive-upload.js';
import { installSigningSecret, verifyFileSignature } from './signed-links.js';
import { storageFor, type ByteRange } from './storage/index.js';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const ListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    kind: Type.Optional(Type.Union([Type.Literal('image'), Type.Literal('file')])),
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MediaLimits.listPageMax })),
  },
  { additionalProperties: false },
);
const PatchBody = Type.Object(
  {
    filename: Type.Optional(Type.String({ maxLength: 200 })),
    altText: Type.Optional(Type.String({ maxLength: 1000 })),
    title: Type.Optional(Type.String({ maxLength: 500 })),
    focalPoint: Type.Optional(
      Type.Object(
        {
          x: Type.Number({ minimum: 0, maximum: 1 }),
          y: Type.Number({ minimum: 0, maximum: 1 }),
        },
        { additionalProperties: false },
      ),
    ),
    crumb: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const DownloadQuery = Type.Object({
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ minLength: 1, maxLength: 100 }),
});

/**
 * One `Range: bytes=…` (a resumed or streamed download) within `size` bytes, or undefined for
 * none, several, or one that cannot be met — then the whole file is sent, which RFC 9110 allows.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | undefined {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!m || size === 0 || (m[1] === '' && m[2] === '')) return undefined;
  const [start, end] =
    m[1] === ''
      ? [Math.max(0, size - Number(m[2])), size - 1]
      : [Number(m[1]), m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)];
  return start <= end && start < size ? { start, end } : undefined;
}

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The media library's routes (docs/media.md): list, upload, read, change, replace and delete
 * assets; the signed download of a file. Multipart parsing is registered here only, with the
 * upload limits, so no other route accepts multipart bodies.
 */
export const mediaRoutes: DomainRoutes = async (app, deps) => {
  installSigningSecret(deps.config.secret);
  const media: MediaDeps = {
    db: deps.db,
    storage: storageFor(deps.config),
    events: deps.events,
    now: deps.now,
  };
  await app.register(multipart, {
    limits: {
      fileSize: MediaLimits.fileBytesMax,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });
  const readers = { preValidation: ownerGuard(deps.db, 'view') };
  const writers = { preValidation: ownerGuard(deps.db, ['content', 'commerce']) };

  /** The request's one file on disk; removed after `use` whatever happens. */
  async function withUpload<T>(req: FastifyRequest, use: (f: ReceivedFile) => Promise<T>) {
    if (!req.isMultipart()) {
      throw appError(
        ErrorCode.VALIDATION,
        'Send the file as multipart/form-data in a `file` field.',
      );
    }
    let file: ReceivedFile;
    try {
      const part = await req.file();
      if (!part) throw appError(ErrorCode.VALIDATION, 'Send one file in a `file` field.');
      file = await receiveUpload(part);
    } catch (err) {
      // The parser's own errors (no boundary, a body cut short…) are the client's, not ours.
      if (err instanceof AppError) throw err;
      throw appError(
        ErrorCode.VALIDATION,
        'The upload is not a readable multipart/form-data body.',
      );
    }
    try {
      return await use(file);
    } finally {
      await file.discard();
    }
  }

  app.get('/api/media', { ...readers, schema: { querystring: ListQuery } }, async (req) =>
    listAssets(media, req.site.id, req.query),
  );

  app.post('/api/media', writers, async (req, reply) => {
    const asset = await withUpload(req, (file) => createAsset(media, req.site.id, file));
    return reply.status(201).send({ asset });
  });

  app.get('/api/media/:id', { ...readers, schema: { params: IdParams } }, async (req) => ({
    asset: await getAsset(media, req.site.id, req.params.id),
  }));

  app.patch(
    '/api/media/:id',
    { ...writers, schema: { params: IdParams, body: PatchBody } },
    async (req) => {
      const { filename, altText, title, focalPoint } = req.body;
      const asset = await patchAsset(media, req.site.id, req.params.id, {
        ...(filename !== undefined ? { filename } : {}),
        ...(altText !== undefined ? { altText } : {}),
        ...(title !== undefined ? { title } : {}),
        ...(focalPoint ? { focalPoint } : {}),
      });
      return { asset };
    },
  );

  app.put('/api/media/:id/file', { ...writers, schema: { params: IdParams } }, async (req) => ({
    asset: await withUpload(req, (file) => replaceAsset(media, req.site.id, req.params.id, file)),
  }));

  app.delete('/api/media/:id', { ...writers, schema: { params: IdParams } }, async (req, reply) => {
    await deleteAsset(media, req.site.id, req.params.id);
    return reply.status(204).send();
  });

  /**
   * The signed download (signed-links.ts): no sign-in — the signature is the permission. Always
   * an attachment, never shown inline, and never cached by shared caches.
   */
  app.get(
    '/api/media/:id/download',
    { schema: { params: IdParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const { id } = req.params;
      const { expires, signature } = req.query;
      if (!verifyFileSignature(req.site.id, id, expires, signature, deps.now())) {
        throw appError(ErrorCode.FORBIDDEN, 'This download link has expired or is not valid.');
      }
      const row = await deps.db
        .selectFrom('assets')
        .select(['filename', 'content_type', 'revision', 'size'])
        .where('site_id', '=', req.site.id)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.size === 0) throw appError(ErrorCode.NOT_FOUND);
      const range = byteRange(req.headers.range, row.size);
      const found = await media.storage.get(fileKey(id, row.revision), range);
      if (!found) throw appError(ErrorCode.NOT_FOUND);
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
      }
      return reply
        .header('content-type', row.content_type)
        .header('content-length', String(found.size))
        .header('accept-ranges', 'bytes')
        .header('content-disposition', attachment(row.filename))
        .header('cache-control', 'private, no-store')
        .send(found.body);
    },
  );
};
