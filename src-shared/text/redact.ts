/**
 * Secret redaction. Every message that leaves a provider (errors, logs, stats) goes through
 * `redact`, with the keys the provider knows about registered here.
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

/** Redacts a URL's userinfo and secret-looking query parameters. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = u.username ? '[redacted]' : '';
      u.password = '';
    }
    for (const k of [...u.searchParams.keys()]) {
      if (/key|token|secret|auth/i.test(k)) u.searchParams.set(k, '[redacted]');
    }
    return redact(u.toString().replace(/\/$/, url.endsWith('/') ? '/' : ''));
  } catch {
    return redact(url);
  }
}
