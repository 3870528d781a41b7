import { Messages, type ErrorCode } from '../../shared/errors.js';

/** An error as the handler answers it, whatever was thrown. */
export interface WireError {
  status: number;
  code: ErrorCode;
  message: string;
  /** Extra JSON of the error (per-field `errors`, `available`, …). */
  details: Record<string, unknown>;
}

/** A body shape some clients of the SPEC need; the error handler is the only one that uses it. */
interface ErrorEnvelope {
  body(e: WireError): object;
  /** The text of an unexpected failure (500), when the SPEC gives this API its own. */
  internalMessage?: string;
}

/** `{ error: { code, message, ...details }, message }`: every API's error body. */
function standard(e: WireError): object {
  return { error: { code: e.code, message: e.message, ...e.details }, message: e.message };
}

/**
 * The registered body variants. A route picks one with `config: { errorEnvelope: 'forms' }`;
 * each variant is the standard body plus what its SPEC clients read, so `error.code` and
 * `message` are always there.
 */
export const errorEnvelopes = {
  standard: { body: standard },
  /**
   * SPEC 8.4: form clients show `data.errors` (field id → text) at each field, else `data.error`;
   * `errors` is repeated at the top for the cart's custom-form modal. A 500 says SPEC 8.4's text.
   */
  forms: {
    body(e) {
      const errors = e.details.errors as Record<string, string> | undefined;
      return {
        ...standard(e),
        data: { error: e.message, ...(errors ? { errors } : {}) },
        ...(errors ? { errors } : {}),
      };
    },
    internalMessage: Messages.FORM_SERVER_ERROR,
  },
  /** SPEC 7: the subscription call's clients read `data.message` (and we add `data.code`). */
  subscription: {
    body: (e) => ({ ...standard(e), data: { message: e.message, code: e.code } }),
  },
  /**
   * Developer mode (issue 16): a theme that does not compile answers 422 with `errors`
   * (`[{ file, line, message }]`) at the top as well, where the editor reads them.
   */
  theme: {
    body(e) {
      const errors = e.details.errors as unknown[] | undefined;
      return { ...standard(e), ...(errors ? { errors } : {}) };
    },
  },
} satisfies Record<string, ErrorEnvelope>;

type ErrorEnvelopeName = keyof typeof errorEnvelopes;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error body variant of this route (errors/envelopes.ts); 'standard' when not given. */
    errorEnvelope?: ErrorEnvelopeName;
  }
}
