import { errorRegistry, type ErrorCode } from '../../shared/errors.js';

/**
 * The one error type services throw for expected failures. Status and default text come from the
 * code's record in `src/shared/errors.ts` (`errorRegistry`), so routes never pick HTTP statuses
 * by hand.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = errorRegistry[code].message,
    /** Extra JSON merged into the response body (e.g. per-field errors, how many more fit). */
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorRegistry[code].status;
  }
}

/** `throw appError(code)`: the registered text, or a more precise one for this case. */
export function appError(
  code: ErrorCode,
  message?: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): AppError {
  return new AppError(code, message, details, headers);
}
