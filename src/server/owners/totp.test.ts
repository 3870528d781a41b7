import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp.js';
import { openChallenge, sealChallenge } from './sign-in-challenge.js';

const RFC_KEY = Buffer.from('12345678901234567890');

describe('TOTP (RFC 4226 / RFC 6238)', () => {
  it("gives RFC 4226's HOTP test values", () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(RFC_KEY, i))).toEqual(expected);
  });

  it("gives RFC 6238's SHA-1 test values (8 digits, 30 s steps)", () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) expect(hotp(RFC_KEY, totpStep(t * 1000), 8)).toBe(code);
  });

  it('round-trips base32 and refuses other characters', () => {
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_KEY);
    expect(base32Decode('GEZ1')).toBeUndefined();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the codes of one step either side, once each, and nothing else', () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now, null)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now, null)).toBeUndefined();
    // No replay: a step at or before the last one used is refused.
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, step - 1)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
    // Spaces are fine; other shapes are not codes.
    const code = totpCode(secret, now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(step);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345x'])
      expect(matchTotp(secret, bad, now, null)).toBeUndefined();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri({ secret: 'ABC', account: 'a@b.co', issuer: 'Site' })).toBe(
      'otpauth://totp/Site%3Aa%40b.co?secret=ABC&issuer=Site&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('sealed sign-in challenge', () => {
  it('opens only with the same secret, unaltered and before it expires', () => {
    const c = { ownerId: 'o1', email: 'a@b.co', passwordOk: false, expiresAt: 10_000 };
    const sealed = sealChallenge('s1', c);
    expect(sealed).not.toContain('o1');
    expect(openChallenge('s1', sealed, 9_999)).toEqual(c);
    expect(openChallenge('s1', sealed, 10_000)).toBeUndefined();
    expect(openChallenge('s2', sealed, 0)).toBeUndefined();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(openChallenge('s1', bytes.toString('base64url'), 0)).toBeUndefined();
    expect(openChallenge('s1', 'garbage', 0)).toBeUndefined();
    // Each seal differs (random IV), so two challenges cannot be compared.
    expect(sealChallenge('s1', c)).not.toBe(sealed);
  });
});
