import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { APPLE_SECRET_LIFETIME_SECONDS, appleClientSecret } from './appleClientSecret';

describe("Sign in with Apple's client secret", () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key = { teamId: 'TEAM123456', keyId: 'KEY7654321', privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };

  it("is an ES256 JWT with the claims Apple checks, verifiable with the key pair's public half", () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const jwt = appleClientSecret(key, 'com.example.lumacut', now);
    const [header, claims, signature] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY7654321', typ: 'JWT' });
    const iat = now.getTime() / 1000;
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual({
      iss: 'TEAM123456',
      iat,
      exp: iat + APPLE_SECRET_LIFETIME_SECONDS,
      aud: 'https://appleid.apple.com',
      sub: 'com.example.lumacut',
    });
    const ok = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(ok).toBe(true);
    // Tampered claims no longer verify.
    const forged = Buffer.from(JSON.stringify({ iss: 'OTHER' })).toString('base64url');
    expect(verify('sha256', Buffer.from(`${header}.${forged}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(
      false,
    );
  });

  it('refuses a key that is not a private key', () => {
    expect(() => appleClientSecret({ ...key, privateKeyPem: 'not a key' }, 'x')).toThrow();
  });
});
