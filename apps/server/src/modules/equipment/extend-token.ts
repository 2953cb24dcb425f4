import { createHash, randomBytes } from 'node:crypto';

/**
 * The holder's e-mailed link to extend a handout (001 §2 public/equipment/extend_handout): a
 * random token given out once; equipment_bookings.extend_token_hash keeps only its SHA-256 (hex),
 * the same hashing as the account tokens. The hash is unique (an index): a batch (a group
 * handout, bookings sharing batch_id) keeps it on one of its bookings, and the link extends the
 * whole batch.
 */
export function newExtendToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of the raw token, hex: what equipment_bookings.extend_token_hash stores. */
export function hashExtendToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
