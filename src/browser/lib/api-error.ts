/**
 * A failed API call, carrying what the visitor should read (`message`, a SPEC text) and what code
 * can branch on (`status`, `code`). `status` 0 means the request never got an answer.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }

  /** True when the network, not the server, failed: callers show 'Please check your internet connection.' */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK';
