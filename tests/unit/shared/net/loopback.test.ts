import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from '../../../../src-shared/net/loopback.js';

describe('loopback addresses', () => {
  it('counts localhost, 127.x, ::1 (bracketed or not) and 0.0.0.0 as this machine', () => {
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '0.0.0.0'])
      expect(isLoopbackHost(h), h).toBe(true);
  });

  it('counts a LAN address, another host and a name that merely starts with localhost as another machine', () => {
    for (const h of ['192.168.1.20', '10.0.0.5', 'gpu-box', 'localhost.evil.com', 'localhostx', '127.0.0.1.nip.io'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('reads the host of a URL, normalized by URL parsing; an unparsable URL is not local', () => {
    expect(isLoopbackUrl('http://localhost:11434')).toBe(true);
    expect(isLoopbackUrl('http://127.1:8080/v1')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:11434')).toBe(true);
    expect(isLoopbackUrl('http://[0:0:0:0:0:0:0:1]/')).toBe(true);
    expect(isLoopbackUrl('http://0.0.0.0:11434')).toBe(true);
    expect(isLoopbackUrl('http://192.168.1.20:11434')).toBe(false);
    expect(isLoopbackUrl('http://localhost.example.com/v1')).toBe(false);
    expect(isLoopbackUrl('https://api.openai.com/v1')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});
