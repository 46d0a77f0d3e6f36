import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The renderer bundles everything: no CDN, no remote fonts, no inline scripts. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // spoken replies in Try it play from blob: URLs of the WAV the server synthesised
  "media-src 'self' blob:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * What web mode's start message says about its token: the token is the user's access to Parley, and
 * through it to their keys and the files Parley reads. `command:` speech specs, which would make it
 * shell access, are refused in web mode (src-main/app/speech/speech-policy.ts).
 */
export const WEB_TOKEN_NOTE =
  'Treat the URL like a password: whoever holds its token can use this database, your API keys (runs call your endpoints with them) and the model files Parley reads. command: speech specs (a program run as you) are refused in web mode, so the token is not shell access: use them from the desktop app or parley run --tts/--stt.';

export function tokenMatches(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Token from `Authorization: Bearer`, `X-Parley-Token`, or (WebSocket only) `?token=`. */
export function requestToken(req: IncomingMessage, url: URL, allowQuery: boolean): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const h = req.headers['x-parley-token'];
  if (typeof h === 'string') return h;
  return allowQuery ? (url.searchParams.get('token') ?? undefined) : undefined;
}

/** Only loopback names with our own port: defeats DNS rebinding. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

/** A browser's Origin must be this server; non-browser clients send none. */
export function originAllowed(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return (
    origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}` || origin === `http://[::1]:${port}`
  );
}
