/**
 * THE one answer to "is this address on this machine?": localhost, 127.x.x.x, ::1 (bracketed or not) and
 * 0.0.0.0 (which connects to this machine). Anything else, a LAN address or a name that merely starts with
 * "localhost" included, is another machine. A URL that does not parse is not local.
 */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[?::1\]?|0\.0\.0\.0)$/i;

/** A host name (as `URL.hostname` gives it) on this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

/** A URL whose host is on this machine (URL parsing normalizes `127.1`, `[0:0:0:0:0:0:0:1]` and case). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
