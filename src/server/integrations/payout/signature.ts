import { createHash, timingSafeEqual } from 'node:crypto';

/** Iris' notification signature: SHA-512 hex of (raw body + merchant key), header `Iris-Signature`. */
export function payoutSignature(rawBody: string, merchantKey: string): string {
  return createHash('sha512')
    .update(rawBody + merchantKey)
    .digest('hex');
}

/** Compares in constant time, on the raw body exactly as received. */
export function isPayoutSignatureValid(rawBody: string, signature: string | null | undefined, merchantKey: string): boolean {
  const expected = Buffer.from(payoutSignature(rawBody, merchantKey));
  const given = Buffer.from(
    String(signature ?? '')
      .trim()
      .toLowerCase(),
  );
  return expected.length === given.length && timingSafeEqual(expected, given);
}
