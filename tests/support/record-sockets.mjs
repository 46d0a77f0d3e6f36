// Loaded with `node --import ./tests/support/record-sockets.mjs ...`: records every outgoing TCP/UDP
// connection and DNS lookup the process makes, one JSON line each, to $PARLEY_SOCKET_LOG.
// Used by the offline test: with only local providers, nothing may leave 127.0.0.1.
import dgram from 'node:dgram';
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';

const log = process.env.PARLEY_SOCKET_LOG;
const record = (entry) => {
  if (log) fs.appendFileSync(log, JSON.stringify({ pid: process.pid, ...entry }) + '\n');
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(...args) {
  // node:http and node:net's createConnection call connect with their already normalized arguments: one array
  // whose first item holds the options
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const opts =
    typeof first === 'object' && first !== null
      ? first
      : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
  if (opts.path) record({ kind: 'ipc', path: String(opts.path) });
  else record({ kind: 'tcp', host: opts.host ?? 'localhost', port: Number(opts.port) });
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function patchedLookup(hostname, ...rest) {
  record({ kind: 'dns', host: hostname });
  return lookup.call(this, hostname, ...rest);
};
for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  const orig = dns[name];
  dns[name] = function patchedResolve(hostname, ...rest) {
    record({ kind: 'dns', host: hostname });
    return orig.call(this, hostname, ...rest);
  };
}

const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function patchedSend(msg, ...rest) {
  const addr = rest.find((a) => typeof a === 'string');
  record({ kind: 'udp', host: addr ?? 'unknown' });
  return send.call(this, msg, ...rest);
};

/** Loopback names and addresses only. */
export const isLoopback = (host) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
