import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, isTrustedHost, publicBase } from './originPolicy';
import { loadOriginPolicy } from '../config/originSettings';

const request = (host: string, protocol = 'http') => ({ host, protocol, headers: { host } }) as unknown as FastifyRequest;

/** Finding 7 of issue 16 (Host): returned URLs come from PUBLIC_URL or the allowed hosts only. */
describe('origin policy', () => {
  it('uses PUBLIC_URL whatever the Host header says', () => {
    const policy = loadOriginPolicy({ PUBLIC_URL: 'https://photos.example/' });
    expect(publicBase(policy, request('attacker.example'))).toBe('https://photos.example');
  });

  it('without PUBLIC_URL trusts loopback names and ALLOWED_HOSTS, and replaces any other Host', () => {
    const policy = loadOriginPolicy({ ALLOWED_HOSTS: 'photos.lan, 192.168.1.5:8080', PORT: '8104' });
    expect(publicBase(policy, request('localhost:8104'))).toBe('http://localhost:8104');
    expect(publicBase(policy, request('127.0.0.1:9000'))).toBe('http://127.0.0.1:9000');
    expect(publicBase(policy, request('photos.lan:3000'))).toBe('http://photos.lan:3000');
    expect(publicBase(policy, request('192.168.1.5:8080'))).toBe('http://192.168.1.5:8080');
    expect(isTrustedHost(policy, '192.168.1.5:9999')).toBe(false);
    expect(publicBase(policy, request('attacker.example'))).toBe('http://photos.lan');
    expect(publicBase(loadOriginPolicy({ PORT: '8104' }), request('attacker.example'))).toBe('http://localhost:8104');
    expect(() => loadOriginPolicy({ ALLOWED_HOSTS: 'http://x/' })).toThrow(/ALLOWED_HOSTS/);
  });

  it('accepts an Origin of the same host, PUBLIC_URL or an allowed host, and nothing else', () => {
    const policy = loadOriginPolicy({ PUBLIC_URL: 'https://photos.example', ALLOWED_HOSTS: 'photos.lan' });
    expect(isAllowedOrigin(policy, request('10.0.0.2:8080'), 'http://10.0.0.2:8080')).toBe(true);
    expect(isAllowedOrigin(policy, request('localhost:80'), 'http://localhost')).toBe(true);
    expect(isAllowedOrigin(policy, request('internal:8080'), 'https://photos.example')).toBe(true);
    expect(isAllowedOrigin(policy, request('internal:8080'), 'http://photos.lan:5173')).toBe(true);
    expect(isAllowedOrigin(policy, request('photos.example'), 'https://evil.example')).toBe(false);
    expect(isAllowedOrigin(policy, request('photos.example'), 'null')).toBe(false);
  });
});
