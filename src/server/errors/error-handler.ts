import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, Messages } from '../../shared/errors.js';
import { AppError } from './app-error.js';

/**
 * The single place that turns errors into HTTP responses. Body shape:
 * `{ error: { code, message, ...details }, message }` — `message` at the top too, because SPEC 7's
 * clients read `error.message`/`data.message`-style fields. Unknown errors never leak internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...err.details },
        message: err.message,
      });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const message = `${Messages.INVALID_REQUEST} ${fe.message}`;
      return reply.status(400).send({ error: { code: ErrorCode.VALIDATION, message }, message });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({
        error: { code: ErrorCode.RATE_LIMITED, message: Messages.TOO_MANY_REQUESTS },
        message: Messages.TOO_MANY_REQUESTS,
      });
    }
    if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({
        error: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: fe.message },
        message: fe.message,
      });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply
        .status(fe.statusCode)
        .send({ error: { code: ErrorCode.VALIDATION, message: fe.message }, message: fe.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: { code: ErrorCode.INTERNAL, message: Messages.INTERNAL },
      message: Messages.INTERNAL,
    });
  });
}
