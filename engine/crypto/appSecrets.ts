/**
 * Values compiled into both the web app and the server (SPEC §9 "A fixed app-wide passphrase"; §7 signed calls).
 *
 * NOT SECRET: everything here ships in the client bundle, so anyone can read it. It only makes the encrypted
 * replies useless to tools that do not run (or read) our code. See ./README.md.
 */

/**
 * Encrypts the base key served by `GET /api/sa/kesab` (the client decrypts it with this). Change it only together
 * with a client release: old clients could no longer read the base key.
 */
export const APP_PASSPHRASE = 'lumacut/app/v1: obfuscation passphrase, public by design';

/** Identifies this web client in signed calls (SPEC §7 "client id"). */
export const CLIENT_ID = 'lumacut-web';

/** Header names of the signed calls to the distribute host (SPEC §7), lower case as Node reports them. */
export const SIGNED_CALL_HEADERS = {
  authToken: 'x-auth-token',
  clientId: 'x-client-id',
  clientVersion: 'x-client-version',
  deviceId: 'x-device-id',
  platform: 'x-platform',
  /** The account id (or, without an account, the device id) encrypted with the request secret (AppConfig.AS). */
  nonce: 'x-nonce',
} as const;

/** The signed calls the distribute host serves: `POST /api/dist/<name>`. */
export const SIGNED_CALL_NAMES = ['hosts', 'config', 'time', 'submit'] as const;
export type SignedCallName = (typeof SIGNED_CALL_NAMES)[number];

/** Signed calls whose reply `data` is a seed-42 scrambled text (engine/crypto/shuffleDecode) instead of AES. */
export const SCRAMBLED_SIGNED_CALLS: ReadonlySet<SignedCallName> = new Set<SignedCallName>(['hosts']);
