/**
 * Secret redaction, the one copy (issue 39): every message that leaves a provider (errors, logs, stats)
 * goes through `redact`, with the keys the provider knows about registered here; every endpoint URL the
 * store writes (runs, results, model checks, fixes, jobs) and every report shows goes through `redactUrl`
 * (`redactUrlsIn` for URLs inside text such as a spec string, `redactUrlsDeep` for a whole document).
 */

const known = new Set<string>();

/** Registers a secret so that `redact` removes it everywhere. Ignores short/empty values. */
export function registerSecret(secret: string | undefined | null): void {
  if (secret && secret.length >= 6) known.add(secret);
}

const PATTERNS: Array<[RegExp, string]> = [
  // Authorization headers and bearer tokens
  [/(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+/gi, '$1$2[redacted]'],
  [/\bbearer\s+[A-Za-z0-9._~+/=*-]{6,}/gi, 'Bearer [redacted]'],
  // Common key shapes: OpenAI sk-..., Groq gsk_..., OpenRouter sk-or-..., Together/HF tokens
  [/\b(sk|gsk|rk|pk)[-_][A-Za-z0-9_*-]{6,}/g, '$1-[redacted]'],
  [/\bhf_[A-Za-z0-9]{10,}/g, 'hf_[redacted]'],
  // api_key=... / "api_key": "..." / x-api-key: ...
  [/((?:api[_-]?key|x-api-key|access[_-]?token)["']?\s*[:=]\s*["']?)[^\s"'&,}]+/gi, '$1[redacted]'],
];

/** Removes registered secrets (and anything shaped like a key) from a string. */
export function redact(text: string, extraSecrets: Array<string | undefined | null> = []): string {
  let out = text;
  const secrets = [...known, ...extraSecrets.filter((s): s is string => !!s && s.length >= 6)];
  // longest first so a key that contains another key is removed whole
  secrets.sort((a, b) => b.length - a.length);
  for (const s of secrets) {
    out = out.split(s).join('[redacted]');
    // partial echoes ("Incorrect API key provided: sk-abc...wxyz"): the first/last 8 chars
    if (s.length >= 16) {
      for (const part of [s.slice(0, 8), s.slice(-8)]) out = out.split(part).join('[redacted]');
    }
  }
  for (const [re, rep] of PATTERNS) out = out.replace(re, rep);
  return out;
}

/** Query parameter names that look like they carry a secret. */
const SECRET_PARAM = /key|token|secret|auth|pass|sig|credential/i;

/** Redacts a URL's userinfo and secret-looking query parameters. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = u.username ? '[redacted]' : '';
      u.password = '';
    }
    for (const k of [...u.searchParams.keys()]) {
      if (SECRET_PARAM.test(k)) u.searchParams.set(k, '[redacted]');
    }
    return redact(u.toString().replace(/\/$/, url.endsWith('/') ? '/' : ''));
  } catch {
    return redact(url);
  }
}

/** A URL inside text: a scheme, `://`, then up to a space, a quote, a bracket or a spec string's `,` / `;`. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>(){},;]+/gi;

/** Whether a URL carries userinfo or a secret-looking query parameter (or a registered secret). */
function hasUrlSecret(url: string): boolean {
  try {
    const u = new URL(url);
    return !!(u.username || u.password) || [...u.searchParams.keys()].some((k) => SECRET_PARAM.test(k));
  } catch {
    return /@/.test(url);
  }
}

/**
 * Every URL inside `text` (a spec string `openai:m@http://u:k@host/v1?api_key=K`, an error message) with
 * its userinfo and secret-looking query parameters redacted; URLs without secrets are left as written, and
 * registered secrets are removed wherever they are.
 */
export function redactUrlsIn(text: string): string {
  const urls = text.includes('://')
    ? text.replace(URL_IN_TEXT, (url) => (hasUrlSecret(url) ? redactUrl(url) : url))
    : text;
  return known.size ? redactKnown(urls) : urls;
}

/** Registered secrets removed from `text` (not the key-shape patterns: a document's own words stay). */
function redactKnown(text: string): string {
  let out = text;
  for (const s of [...known].sort((a, b) => b.length - a.length)) out = out.split(s).join('[redacted]');
  return out;
}

/** A JSON document with `redactUrlsIn` applied to every string in it (object keys included: endpoint options are keyed by URL). */
export function redactUrlsDeep<T>(value: T): T {
  if (typeof value === 'string') return redactUrlsIn(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactUrlsDeep(v)) as T;
  if (value && typeof value === 'object')
    // fromEntries: a "__proto__" key stays an own key, never the prototype
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactUrlsIn(k), redactUrlsDeep(v)])) as T;
  return value;
}
