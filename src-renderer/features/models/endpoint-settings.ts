/** An OpenAI-compatible endpoint's settings on the Models page: its limits and the checks of what was typed. */
import type { ModelSettings } from '../../../src-shared/contract/models.js';
import {
  ENDPOINT_OPTION_EXPECTED,
  EndpointOptionsInput,
  type EndpointOptions,
} from '../../../src-shared/schemas/index.js';

export type Endpoint = ModelSettings['openai_endpoints'][number];

/** The endpoint limits the row edits: label, option key, what a valid value is (for the error line). */
export const LIMITS: { key: 'concurrency' | 'rpm' | 'tpm'; label: string; placeholder: string; expected: string }[] = [
  { key: 'concurrency', label: 'Calls at once', placeholder: '8', expected: 'a whole number from 1 to 256' },
  { key: 'rpm', label: 'Requests / minute', placeholder: 'no limit', expected: ENDPOINT_OPTION_EXPECTED.rpm },
  { key: 'tpm', label: 'Tokens / minute', placeholder: 'no limit', expected: ENDPOINT_OPTION_EXPECTED.tpm },
];

/** The options with one limit set (a number as typed) or cleared (empty); undefined when none is left. */
export function withLimit(options: Endpoint['options'], key: string, text: string): Endpoint['options'] {
  const next: Record<string, number> = { ...(options ?? {}) };
  if (text.trim() === '') delete next[key];
  else next[key] = Number(text);
  return Object.keys(next).length ? (next as Endpoint['options']) : undefined;
}

/** `Endpoint 2: calls at once must be ... (got 0).` when `value` is not a valid limit; undefined when it is or is unset. */
function limitProblem(where: string, l: (typeof LIMITS)[number], value: number | undefined): string | undefined {
  if (value === undefined || EndpointOptionsInput.safeParse({ [l.key]: value }).success) return undefined;
  return `${where}: ${l.label.toLowerCase()} must be ${l.expected} (got ${Number.isNaN(value) ? 'text' : value}).`;
}

export function endpointProblems(s: ModelSettings): string[] {
  const out: string[] = [];
  s.ollama_endpoints.forEach((u, i) => {
    if (u.trim() && !/^https?:\/\/\S+$/.test(u.trim()))
      out.push(`Ollama URL ${i + 1} ("${u}") must start with http:// or https://`);
    const bad = limitProblem(`Ollama URL ${i + 1}`, LIMITS[0], s.ollama_endpoint_options?.[i]?.concurrency);
    if (bad) out.push(bad);
  });
  const names = new Set<string>();
  s.openai_endpoints.forEach((e, i) => {
    if (!e.name.trim() && !e.base_url.trim()) return;
    if (!e.name.trim()) out.push(`Endpoint ${i + 1} needs a name.`);
    else if (names.has(e.name.trim())) out.push(`Two endpoints are called "${e.name.trim()}": names must differ.`);
    names.add(e.name.trim());
    if (!/^https?:\/\/\S+$/.test(e.base_url.trim()))
      out.push(`Endpoint ${i + 1} base URL must start with http:// or https://`);
    if (e.api_key_env && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(e.api_key_env.trim()))
      out.push(`Endpoint ${i + 1}: "${e.api_key_env}" is not a valid environment variable name.`);
    for (const l of LIMITS) {
      const bad = limitProblem(`Endpoint ${i + 1}`, l, e.options?.[l.key]);
      if (bad) out.push(bad);
    }
  });
  return out;
}

/** The Ollama URLs' limits with row `i` set, padded so they stay aligned with the URLs. */
export function alignedOptions(s: ModelSettings, i: number, o: EndpointOptions): EndpointOptions[] {
  return s.ollama_endpoints.map((_, j) => (j === i ? o : (s.ollama_endpoint_options[j] ?? {})));
}
