/**
 * WebCrypto's types as both runtimes declare them: the DOM lib names them `Crypto`/`CryptoKey`,
 * Node's types only as `globalThis.crypto`, so engine code (compiled for the browser and for the
 * server, see tsconfig.browser.json and tsconfig.server.json) takes them from there.
 */
export type WebCrypto = typeof globalThis.crypto;
export type WebCryptoKey = Awaited<ReturnType<WebCrypto['subtle']['importKey']>>;
