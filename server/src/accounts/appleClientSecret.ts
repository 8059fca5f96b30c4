import { createPrivateKey, sign } from 'node:crypto';
import type { AppleSigningKey } from '../config/accountsConfig';

/** Apple accepts a client secret for at most six months; we sign one for a day and make a new one before then. */
export const APPLE_SECRET_LIFETIME_SECONDS = 24 * 3600;

const base64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

/**
 * Apple's client secret: not a fixed string but an ES256 JWT signed with the team's private key
 * (iss = team id, sub = client id, aud = https://appleid.apple.com), sent as `client_secret` at the
 * token endpoint. See Apple's "Creating a client secret".
 */
export function appleClientSecret(key: AppleSigningKey, clientId: string, now: Date = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = { alg: 'ES256', kid: key.keyId, typ: 'JWT' };
  const claims = { iss: key.teamId, iat, exp: iat + APPLE_SECRET_LIFETIME_SECONDS, aud: 'https://appleid.apple.com', sub: clientId };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  // JWS wants the raw r||s signature (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(input), { key: createPrivateKey(key.privateKeyPem), dsaEncoding: 'ieee-p1363' });
  return `${input}.${base64url(signature)}`;
}
