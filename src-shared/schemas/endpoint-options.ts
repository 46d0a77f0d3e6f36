import { z } from 'zod';
import { MIN_ENDPOINT_RPM, MIN_ENDPOINT_TPM } from '../limits.js';

/**
 * Limits and health settings of one endpoint of an ollama/openai model. In a model spec string they
 * follow the URL after `;`: `openai:m@http://a/v1;c=4;rpm=600,http://b/v1;c=8`. In a spec object they
 * are `endpoint_options`, keyed by URL (`"*"` = every endpoint).
 */
export const EndpointOptions = z
  .object({
    /** Calls in flight at once on this endpoint (default: the model's concurrency). */
    concurrency: z.number().int().min(1).max(256).optional(),
    /** Requests started per minute (sliding 60 s window). */
    rpm: z.number().positive().max(1_000_000).optional(),
    /** Prompt + completion tokens per minute (sliding 60 s window, counted as calls finish). */
    tpm: z.number().int().min(1).optional(),
    /** Consecutive failed calls (connection refused, 5xx, timeouts) that take the endpoint out (default 3). */
    eject_after: z.number().int().min(1).max(1000).optional(),
    /** Seconds before the first probe of an ejected endpoint (default 2; doubles per failed probe, up to 60). */
    probe_s: z.number().positive().max(3600).optional(),
  })
  .strict();
export type EndpointOptions = z.infer<typeof EndpointOptions>;

/**
 * Limits as they may be asked for now (spec strings, the Models page, a model being loaded): at
 * least MIN_ENDPOINT_RPM requests and MIN_ENDPOINT_TPM tokens per minute. Stored runs are read with
 * EndpointOptions, so one stored with smaller limits stays readable.
 */
export const EndpointOptionsInput = EndpointOptions.extend({
  rpm: z.number().min(MIN_ENDPOINT_RPM).max(1_000_000).optional(),
  tpm: z.number().int().min(MIN_ENDPOINT_TPM).optional(),
}).strict();

/** Short keys of the spec-string form and the option each one sets. */
const KEYS: Record<string, keyof EndpointOptions> = {
  c: 'concurrency',
  concurrency: 'concurrency',
  rpm: 'rpm',
  tpm: 'tpm',
  eject: 'eject_after',
  eject_after: 'eject_after',
  probe: 'probe_s',
  probe_s: 'probe_s',
};

const EXPECTED: Record<keyof EndpointOptions, string> = {
  concurrency: 'a whole number of calls at once from 1 to 256',
  rpm: `a number of requests per minute, at least ${MIN_ENDPOINT_RPM}`,
  tpm: `a whole number of tokens per minute, at least ${MIN_ENDPOINT_TPM.toLocaleString('en-US')}`,
  eject_after: 'a whole number of consecutive failures from 1 to 1000',
  probe_s: 'a number of seconds above 0 (at most 3600)',
};

/** What a valid value of each option is, for messages ("a whole number of tokens per minute, at least 1,000"). */
export const ENDPOINT_OPTION_EXPECTED: Readonly<Record<keyof EndpointOptions, string>> = EXPECTED;

export const ENDPOINT_OPTION_HELP =
  'c=CALLS_AT_ONCE, rpm=REQUESTS_PER_MINUTE, tpm=TOKENS_PER_MINUTE, eject=FAILURES, probe=SECONDS';

/**
 * Splits one endpoint item of a spec string, `URL;key=value;...`, into its URL and options.
 * Throws an error naming the spec, the endpoint and what was expected.
 */
export function parseEndpointItem(spec: string, item: string): { url: string; options?: EndpointOptions } {
  const [url, ...parts] = item.split(';').map((s) => s.trim());
  if (!url) throw new Error(`model spec "${spec}": endpoint "${item}" has options but no URL before ";"`);
  if (!parts.filter(Boolean).length) return { url };
  const out: Record<string, number> = {};
  for (const part of parts) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq > 0 ? part.slice(0, eq).trim().toLowerCase() : part;
    const name = KEYS[key];
    if (eq <= 0 || !name)
      throw new Error(
        `model spec "${spec}": endpoint ${url}: unknown option "${part}" (expected ${ENDPOINT_OPTION_HELP})`,
      );
    const raw = part.slice(eq + 1).trim();
    const value = Number(raw);
    if (!raw || !Number.isFinite(value))
      throw new Error(`model spec "${spec}": endpoint ${url}: option ${key}="${raw}": expected ${EXPECTED[name]}`);
    out[name] = value;
  }
  const parsed = EndpointOptionsInput.safeParse(out);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]) as keyof EndpointOptions;
    throw new Error(
      `model spec "${spec}": endpoint ${url}: option ${name}=${out[name]}: expected ${EXPECTED[name] ?? issue.message}`,
    );
  }
  return { url, options: parsed.data };
}

/** The spec-string form of an endpoint's options (`;c=4;rpm=600`), empty when none. */
export function formatEndpointOptions(o: EndpointOptions | undefined): string {
  if (!o) return '';
  const parts: string[] = [];
  if (o.concurrency !== undefined) parts.push(`c=${o.concurrency}`);
  if (o.rpm !== undefined) parts.push(`rpm=${o.rpm}`);
  if (o.tpm !== undefined) parts.push(`tpm=${o.tpm}`);
  if (o.eject_after !== undefined) parts.push(`eject=${o.eject_after}`);
  if (o.probe_s !== undefined) parts.push(`probe=${o.probe_s}`);
  return parts.map((p) => `;${p}`).join('');
}

/** What one endpoint did during a run: stored with the run and shown on its page. */
export const EndpointStatsRecord = z.object({
  /** Which model (provider:name) the endpoint served. */
  model: z.string(),
  /** The endpoint URL (secrets redacted). */
  endpoint: z.string(),
  concurrency: z.number().int(),
  rpm: z.number().optional(),
  tpm: z.number().optional(),
  calls: z.number().int(),
  in_flight: z.number().int(),
  errors: z.number().int(),
  /** 429 / 503 answers (rate limited or overloaded). */
  rate_limited: z.number().int(),
  /** Times the endpoint was taken out after consecutive failures. */
  ejections: z.number().int(),
  /** Out right now (waiting for a probe to succeed). */
  ejected: z.boolean(),
  mean_latency_ms: z.number(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  /** The last error, redacted. */
  last_error: z.string().optional(),
});
export type EndpointStatsRecord = z.infer<typeof EndpointStatsRecord>;
