/**
 * Wire names and answers of the account API (issue 16; docs/accounts.md): sign-up, email
 * verification, password reset and two-step sign-in.
 */
export const ACCOUNT_API = {
  signup: '/api/auth/signup',
  verify: '/api/auth/verify',
  resendVerification: '/api/auth/verify/resend',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  security: '/api/account/security',
  totpEnrol: '/api/account/totp/enrol',
  totpConfirm: '/api/account/totp/confirm',
  totpDisable: '/api/account/totp/disable',
} as const;

/** Pages of the account flows, served without the dashboard bundle. */
export const ACCOUNT_PAGES = {
  login: '/config/login',
  signup: '/config/signup',
  verify: '/config/verify',
  forgot: '/config/forgot',
  reset: '/config/reset',
} as const;

/** Shortest password accepted at sign-up, reset and invite acceptance (PASSWORD_TOO_WEAK). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;
/** Recovery codes shown once when two-step sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** `GET /api/account/security` */
export interface SecurityStatus {
  email: string;
  totpEnabled: boolean;
  /** Unused recovery codes left (0 when two-step sign-in is off). */
  recoveryCodesLeft: number;
}

/** `POST /api/account/totp/enrol`: what the authenticator app needs; nothing is on until confirmed. */
export interface TotpEnrolment {
  /** Base32, for typing into the app. */
  secret: string;
  /** The `otpauth://` URI the QR code holds. */
  otpauthUri: string;
  /** The QR code as an SVG document (trusted: made by the server from the URI). */
  qrSvg: string;
}

/** `POST /api/account/totp/confirm`: the recovery codes, shown this once (stored hashed). */
export interface TotpConfirmed {
  recoveryCodes: string[];
}
