import type { ProviderId } from '../../../src-shared/schemas/index.js';
import { ProviderError } from '../types.js';
import { redact, redactUrl } from './redact.js';

export type ProviderErrorCode = ProviderError['code'];

export interface ErrorContext {
  provider: ProviderId;
  model: string;
  /** Endpoint URL or file path. */
  where?: string;
  /** Secrets to redact in addition to the registered ones. */
  secrets?: Array<string | undefined>;
}

/** Builds a ProviderError whose message names provider, model and URL, with secrets redacted. */
export function providerError(ctx: ErrorContext, code: ProviderErrorCode, detail: string): ProviderError {
  const where = ctx.where ? redactUrl(ctx.where) : undefined;
  // model '*' = a request about no particular model (listing)
  const head = `${ctx.provider}${ctx.model && ctx.model !== '*' ? ` model "${ctx.model}"` : ''}${where ? ` at ${where}` : ''}`;
  const msg = redact(`${head}: ${detail}`, ctx.secrets ?? []);
  return new ProviderError(msg, code, ctx.provider, redact(ctx.model, ctx.secrets ?? []), where);
}

/** Node/undici network error codes, looked up through `cause` chains. */
export function networkErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    const errors = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.length) {
      const inner = networkErrorCode(errors[0]);
      if (inner) return inner;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isAbortError(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Maps a thrown network error (fetch failed, timeout, abort) to a ProviderError. */
export function fromNetworkError(ctx: ErrorContext, err: unknown, signal?: AbortSignal): ProviderError {
  if (err instanceof ProviderError) return err;
  if (signal?.aborted) return providerError(ctx, 'cancelled', 'the call was cancelled');
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError') return providerError(ctx, 'timeout', 'the request timed out');
  if (name === 'AbortError') return providerError(ctx, 'cancelled', 'the call was cancelled');
  const code = networkErrorCode(err);
  switch (code) {
    case 'ECONNREFUSED':
      return providerError(
        ctx,
        'connection_refused',
        'connection refused — is the server running and is the URL right?',
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return providerError(ctx, 'connection_refused', `host not found (${code}) — check the URL`);
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return providerError(ctx, 'server_error', `the connection was reset (${code})`);
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return providerError(ctx, 'timeout', `the request timed out (${code})`);
    default: {
      const message = (err as Error)?.message ?? String(err);
      const cause = (err as { cause?: { message?: string } })?.cause?.message;
      return providerError(
        ctx,
        'server_error',
        `request failed: ${message}${cause && cause !== message ? ` (${cause})` : ''}${code ? ` (${code})` : ''}`,
      );
    }
  }
}

/** Codes worth retrying (with backoff). */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ProviderError)) return false;
  if (err.code === 'rate_limited' || err.code === 'timeout') return true;
  if (err.code !== 'server_error') return false;
  // HTTP errors: only 5xx (and 408) are worth another try; network resets have no status.
  return err.status === undefined || err.status >= 500 || err.status === 408;
}

/** Short excerpt of a server error body for messages (redacted by providerError). */
export function bodyExcerpt(body: string, max = 300): string {
  const t = body.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}
