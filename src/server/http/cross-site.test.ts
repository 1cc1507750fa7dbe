import { describe, expect, it } from 'vitest';
import { allowedOrigins, fixedOrigins, isCrossSite, sameHostOrigin, type OriginPolicy } from './cross-site';

const local: OriginPolicy = { publicOrigin: 'http://localhost:3000', sameHost: true };
const strict: OriginPolicy = { publicOrigin: 'http://localhost:3000', sameHost: false };
const deployed: OriginPolicy = { publicOrigin: 'https://invest.example.com', sameHost: false };

const post = (policy: OriginPolicy, origin: string | undefined, host: string) =>
  isCrossSite(origin === undefined ? { host } : { origin, host }, fixedOrigins(policy.publicOrigin), policy);

describe('allowed origins (decision 027)', () => {
  it('a loopback PUBLIC_URL brings its loopback aliases on the same scheme and port, nothing else', () => {
    expect(fixedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(fixedOrigins('http://127.0.0.1')).toEqual(['http://127.0.0.1', 'http://localhost', 'http://[::1]']);
    expect(fixedOrigins('https://invest.example.com')).toEqual(['https://invest.example.com']);
    expect(fixedOrigins('http://192.168.1.20:3000')).toEqual(['http://192.168.1.20:3000']);
  });

  it('the request’s own Host is added only by a same-host policy, normalised as a browser writes Origin', () => {
    expect(allowedOrigins(local, '192.168.1.20:3000')).toContain('http://192.168.1.20:3000');
    expect(allowedOrigins(strict, '192.168.1.20:3000')).not.toContain('http://192.168.1.20:3000');
    expect(allowedOrigins(deployed, 'evil.example')).toEqual(['https://invest.example.com']);
    expect(sameHostOrigin('LAPTOP.local:80')).toBe('http://laptop.local');
    expect(sameHostOrigin('[::1]:3000')).toBe('http://[::1]:3000');
    for (const bad of [undefined, '', 'a b', 'evil.example/x', 'user@host', 'host?x', 'host#x', 'ho\\st'])
      expect(sameHostOrigin(bad)).toBeUndefined();
  });
});

describe('isCrossSite', () => {
  it('on a local run, an Origin naming the very Host the request reached passes; any other is refused', () => {
    expect(post(local, 'http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(false);
    expect(post(local, 'http://[::1]:3000', '[::1]:3000')).toBe(false);
    expect(post(local, 'http://192.168.1.20:3000', '192.168.1.20:3000')).toBe(false);
    expect(post(local, 'http://localhost:3000', '192.168.1.20:3000')).toBe(false);
    // Another site, another port of the same host, https where the host is plain http, an opaque origin.
    expect(post(local, 'http://evil.example', '192.168.1.20:3000')).toBe(true);
    expect(post(local, 'http://192.168.1.20:5173', '192.168.1.20:3000')).toBe(true);
    expect(post(local, 'https://192.168.1.20:3000', '192.168.1.20:3000')).toBe(true);
    expect(post(local, 'null', '192.168.1.20:3000')).toBe(true);
    expect(post(local, 'http://192.168.1.20:3000.evil.example', '192.168.1.20:3000')).toBe(true);
  });

  it('with a strict policy (production, or an explicit PUBLIC_URL) the Host proves nothing', () => {
    expect(post(strict, 'http://192.168.1.20:3000', '192.168.1.20:3000')).toBe(true);
    expect(post(strict, 'http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(false);
    expect(post(deployed, 'https://evil.example', 'evil.example')).toBe(true);
    expect(post(deployed, 'http://invest.example.com', 'invest.example.com')).toBe(true);
    expect(post(deployed, 'https://invest.example.com', 'invest.example.com')).toBe(false);
  });

  it('without Origin, Sec-Fetch-Site decides; with neither the client is not a browser', () => {
    const allowed = fixedOrigins(deployed.publicOrigin);
    expect(isCrossSite({ 'sec-fetch-site': 'cross-site' }, allowed, deployed)).toBe(true);
    expect(isCrossSite({ 'sec-fetch-site': 'same-site' }, allowed, deployed)).toBe(true);
    expect(isCrossSite({ 'sec-fetch-site': 'same-origin' }, allowed, deployed)).toBe(false);
    expect(post(deployed, undefined, 'invest.example.com')).toBe(false);
  });
});
