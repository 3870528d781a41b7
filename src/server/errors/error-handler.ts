import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, Messages, errorRegistry } from '../../shared/errors.js';
import { AppError } from './app-error.js';
import { errorEnvelopes, type WireError } from './envelopes.js';

/**
 * The single place that turns errors into HTTP responses, with the status and text registered for
 * the code (`src/shared/errors.ts`). Body shape: `{ error: { code, message, ...details }, message }`
 * — `message` at the top too, because SPEC 7's clients read `error.message`/`data.message`-style
 * fields — or a route's registered variant of it (`envelopes.ts`). Unknown errors never leak
 * internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const envelope = errorEnvelopes[req.routeOptions.config?.errorEnvelope ?? 'standard'];
    if (err instanceof AppError) reply.headers(err.headers);
    const wire = wireError(err, req.log);
    if (wire.code === ErrorCode.INTERNAL && 'internalMessage' in envelope) {
      wire.message = envelope.internalMessage;
    }
    return reply.status(wire.status).send(envelope.body(wire));
  });
}

/**
 * Any error as its registered status, code and text (logged when unexpected). Also for the
 * rare route that answers a page rather than a body (the sign-in form, owners/routes.ts).
 */
export function wireError(
  err: FastifyError | AppError,
  log: { error: (obj: object, msg: string) => void },
): WireError {
  if (err instanceof AppError) {
    return { status: err.status, code: err.code, message: err.message, details: err.details };
  }
  const wire = fromFastify(err);
  if (wire.code === ErrorCode.INTERNAL) log.error({ err }, 'unhandled error');
  return wire;
}

/** Fastify's own errors (schema validation, body limits, rate limit) and anything unexpected. */
function fromFastify(fe: FastifyError): WireError {
  const registered = (code: ErrorCode, message: string = errorRegistry[code].message) => ({
    status: errorRegistry[code].status,
    code,
    message,
    details: {},
  });
  if (fe.validation) return registered('VALIDATION', `${Messages.INVALID_REQUEST} ${fe.message}`);
  if (fe.statusCode === 429) return registered('RATE_LIMITED');
  if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return registered('PAYLOAD_TOO_LARGE');
  }
  // Other client errors Fastify raises (unsupported media type, bad JSON…) keep their status.
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { ...registered('VALIDATION', fe.message), status: fe.statusCode };
  }
  return registered('INTERNAL');
}
