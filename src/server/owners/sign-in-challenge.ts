import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** How long the code step of a two-step sign-in may take before the password is asked again. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** What the first step of a two-step sign-in found, carried to the second step. */
export interface SignInChallenge {
  ownerId: string;
  email: string;
  /** Whether the password was right: sealed, so the code step does not reveal it. */
  passwordOk: boolean;
  expiresAt: number;
}

const keyOf = (secret: string) =>
  createHash('sha256').update(`${secret}\0two-step-sign-in`).digest();

/**
 * Seals the first step's outcome with AES-256-GCM under a key derived from SECRET: the browser
 * carries it to the code step (a hidden field, or `challenge` in the JSON answer) but can neither
 * read whether the password was right nor forge one. Stateless, so any process takes step two.
 */
export function sealChallenge(secret: string, c: SignInChallenge): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify([c.ownerId, c.email, c.passwordOk ? 1 : 0, c.expiresAt])),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The challenge, or undefined when it is forged, damaged or expired. */
export function openChallenge(
  secret: string,
  sealed: string,
  nowMs: number,
): SignInChallenge | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString();
    const [ownerId, email, ok, expiresAt] = JSON.parse(text) as [string, string, number, number];
    if (typeof expiresAt !== 'number' || expiresAt <= nowMs) return undefined;
    return { ownerId, email, passwordOk: ok === 1, expiresAt };
  } catch {
    return undefined;
  }
}
