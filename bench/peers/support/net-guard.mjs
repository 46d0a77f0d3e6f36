/*
 * Bench-only network guard, loaded with NODE_OPTIONS="--import file:///.../net-guard.mjs" into every Node
 * process of a tool under test (Parley's CLI, promptfoo and its children). Every TCP connection to a
 * host that is not loopback, and every DNS lookup of a name that is not localhost, is refused (the
 * socket errors with ECONNREFUSED, the lookup with ENOTFOUND) and appended as one JSON line to
 * $PARLEY_NET_LOG. Unix sockets and loopback pass.
 */
import fs from 'node:fs';
import net from 'node:net';
import dns from 'node:dns';

const LOG = process.env.PARLEY_NET_LOG;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

function record(kind, target) {
  const line = JSON.stringify({
    kind,
    target,
    pid: process.pid,
    argv: process.argv.slice(1, 3).join(' '),
    at: Date.now(),
  });
  if (LOG) fs.appendFileSync(LOG, line + '\n');
}

function targetOf(args) {
  let a = args[0];
  if (Array.isArray(a)) a = a[0];
  if (a && typeof a === 'object') {
    if (a.path) return null;
    return { host: a.host || 'localhost', port: a.port };
  }
  if (typeof a === 'string' && !/^\d+$/.test(a)) return null; // a unix socket path
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: a };
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const t = targetOf(args);
  if (t && !LOOPBACK.test(String(t.host))) {
    record('connect', `${t.host}:${t.port}`);
    const err = Object.assign(new Error(`net-guard: connection to ${t.host}:${t.port} refused (bench is offline)`), {
      code: 'ECONNREFUSED',
    });
    process.nextTick(() => this.destroy(err));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(host, ...rest) {
  if (typeof host === 'string' && !LOOPBACK.test(host) && net.isIP(host) === 0) {
    record('dns', host);
    const cb = rest[rest.length - 1];
    const err = Object.assign(new Error(`net-guard: lookup of ${host} refused (bench is offline)`), {
      code: 'ENOTFOUND',
    });
    if (typeof cb === 'function') process.nextTick(() => cb(err));
    return {};
  }
  return lookup.call(this, host, ...rest);
};
const promises = dns.promises;
const plookup = promises.lookup;
promises.lookup = async function guardedPromiseLookup(host, ...rest) {
  if (typeof host === 'string' && !LOOPBACK.test(host) && net.isIP(host) === 0) {
    record('dns', host);
    throw Object.assign(new Error(`net-guard: lookup of ${host} refused (bench is offline)`), { code: 'ENOTFOUND' });
  }
  return plookup.call(this, host, ...rest);
};
