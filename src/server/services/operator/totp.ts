import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../auth/one-time-token';

/** What the operator's authenticator app shows above the code. */
const ISSUER = 'Portal Member';
export const RECOVERY_CODE_COUNT = 10;

/** RFC 6238 with the parameters every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
function totp(username: string, secret: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit shared secret, base32 (RFC 4226's recommended length). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app imports (typed in, or from a QR code of it). */
export const totpUri = (username: string, secret: string): string => totp(username, secret).toString();

/** The 30-second step a code belongs to (the current one, or one either side for clock drift), or undefined. */
export function totpStep(username: string, secret: string, code: string): number | undefined {
  const generator = totp(username, secret);
  const delta = generator.validate({ token: code.trim(), window: 1 });
  return delta === null ? undefined : generator.counter() + delta;
}

/** Recovery codes as the operator writes them down: ten groups like `k7m2p-x9qfd`. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Stored form of a recovery code: case, spaces and dashes do not matter when typed. */
export const recoveryCodeHash = (code: string): string => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
