import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { exitOf, parley, waitFor } from '../safety/support.js';
import type { ChildProcess } from 'node:child_process';

/**
 * Malformed WebSocket frames from a client that holds the token, sent as raw bytes over TCP to a
 * live `parley serve`: each one used to make `ws` emit an unhandled 'error' and the process exit.
 * After every frame the server must still answer a normal API call.
 */

let server: ChildProcess;
let port = 0;
let token = '';
const t = tempDir();

beforeAll(async () => {
  server = parley(['serve', '--db', tempDbPath(t.dir)]);
  let stderr = '';
  server.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const banner = await waitFor(server.stdout!, /on http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/).catch((e: Error) => {
    throw new Error(`${e.message}\n${stderr}`);
  });
  const m = /on http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(banner)!;
  port = Number(m[1]);
  token = m[2];
}, 60_000);

afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await exitOf(server);
  }
  t.cleanup();
});

/** A client frame header: FIN + opcode, then the payload length (7 bits, 16 or 64), masked or not. */
function frame(opts: { opcode?: number; rsv?: number; payload?: Buffer; masked?: boolean; length?: bigint }): Buffer {
  const payload = opts.payload ?? Buffer.alloc(0);
  const masked = opts.masked ?? true;
  const first = 0x80 | ((opts.rsv ?? 0) << 4) | (opts.opcode ?? 1);
  const len = opts.length ?? BigInt(payload.length);
  let head: Buffer;
  if (len < 126n) head = Buffer.from([first, (masked ? 0x80 : 0) | Number(len)]);
  else if (len < 65536n) {
    head = Buffer.alloc(4);
    head[0] = first;
    head[1] = (masked ? 0x80 : 0) | 126;
    head.writeUInt16BE(Number(len), 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = first;
    head[1] = (masked ? 0x80 : 0) | 127;
    head.writeBigUInt64BE(len, 2);
  }
  if (!masked) return Buffer.concat([head, payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ key[i % 4]));
  return Buffer.concat([head, key, body]);
}

/** Opens the event socket with the token (raw HTTP upgrade), sends `bytes`, resolves when the server closes it. */
function sendRaw(bytes: Buffer): Promise<{ upgraded: boolean }> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let upgraded = false;
    let buf = '';
    const timer = setTimeout(() => {
      sock.destroy();
      resolve({ upgraded });
    }, 5000);
    sock.on('connect', () => {
      sock.write(
        `GET /events?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    sock.on('data', (d) => {
      if (upgraded) return;
      buf += d.toString('latin1');
      if (buf.includes('\r\n\r\n')) {
        upgraded = buf.startsWith('HTTP/1.1 101');
        sock.write(bytes);
      }
    });
    sock.on('error', () => undefined);
    sock.on('close', () => {
      clearTimeout(timer);
      resolve({ upgraded });
    });
    sock.on('timeout', reject);
  });
}

async function normalCall(): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/rpc/agents.list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return res.json();
}

const VARIANTS: [string, Buffer][] = [
  ['a text frame over 64 KiB', frame({ payload: Buffer.alloc(70 * 1024, 0x61) })],
  ['an unmasked frame', frame({ payload: Buffer.from('hello'), masked: false })],
  ['a text frame with bad UTF-8', frame({ payload: Buffer.from([0xc3, 0x28, 0xff, 0xfe]) })],
  ['opcode 3 (reserved)', frame({ opcode: 3, payload: Buffer.from('x') })],
  ['RSV bits set', frame({ rsv: 0b111, payload: Buffer.from('x') })],
  ['a 2^63 length', frame({ length: 2n ** 63n, payload: Buffer.alloc(0) })],
  ['a close frame with a 1-byte payload', frame({ opcode: 8, payload: Buffer.from([1]) })],
  ['a fragmented control frame', Buffer.from([0x09, 0x80, 1, 2, 3, 4])],
];

describe('malformed WebSocket frames against a live parley serve', () => {
  it.each(VARIANTS)('%s: the socket is dropped, the server lives and answers the next call', async (_name, bytes) => {
    const { upgraded } = await sendRaw(bytes);
    expect(upgraded).toBe(true);
    expect(server.exitCode).toBeNull();
    expect(await normalCall()).toMatchObject({ ok: true });
  });

  it('all variants at once, then a normal call', async () => {
    await Promise.all(VARIANTS.map(([, b]) => sendRaw(b)));
    expect(server.exitCode).toBeNull();
    expect(await normalCall()).toMatchObject({ ok: true });
  });

  it('malformed percent-encoding answers 400, not 500, on the API and on static paths', async () => {
    for (const p of ['/rpc/agents.%E0%A4%A', '/rpc/%zz', '/%', '/assets/%E0%A4%A.js', '/runs/%C0']) {
      const res = await fetch(`http://127.0.0.1:${port}${p}`, {
        method: p.startsWith('/rpc/') ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: p.startsWith('/rpc/') ? '{}' : undefined,
      });
      expect(res.status, p).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/percent-encoding/);
    }
    expect(await normalCall()).toMatchObject({ ok: true });
  });
});
