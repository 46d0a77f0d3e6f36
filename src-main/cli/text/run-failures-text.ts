/**
 * What `parley run` prints about conversations that did not pass: a one-line detail for the results
 * table, and the reasons below it. Errors that are the same across tests (a wrong key, a context too
 * small) are printed once with the count and the tests they hit, instead of once per test.
 */
import type { Result } from '../../../src-shared/schemas/index.js';
import { failureReasons } from '../../app/index.js';

const DETAIL_CHARS = 140;

const firstLine = (text: string): string => text.split('\n', 1)[0].trim();

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const label = (r: Result): string => `${r.test}${r.repeat ? ` #${r.repeat + 1}` : ''}`;

/** The provider's own "openai model "x" at URL: " head repeats what the engine's message already says. */
const compact = (text: string): string => text.replace(/(failed: )[\w-]+ model "[^"]*"(?: at \S+)?: /, '$1');

/** The table's DETAIL cell: the error's first line, or the first failed check; empty for a pass. */
export function resultDetail(r: Result, verbose = false): string {
  const text =
    r.status === 'error'
      ? `error: ${firstLine(r.error ?? 'the conversation errored without a message')}`
      : r.status === 'pass'
        ? r.end_reason === 'context_full'
          ? 'passed; the conversation ended when the context was full'
          : ''
        : (failureReasons(r)[0] ?? '');
  return verbose ? text : clip(compact(firstLine(text)), DETAIL_CHARS);
}

export interface ErrorGroup {
  message: string;
  tests: string[];
}

/** Errored results grouped by their message (first line unless verbose), most frequent first. */
export function groupErrors(results: Result[], verbose = false): ErrorGroup[] {
  const groups = new Map<string, string[]>();
  for (const r of results) {
    if (r.status !== 'error') continue;
    const full = r.error?.trim() || 'the conversation errored without a message';
    const key = verbose ? full : firstLine(full);
    const list = groups.get(key) ?? [];
    list.push(label(r));
    groups.set(key, list);
  }
  return [...groups.entries()]
    .map(([message, tests]) => ({ message, tests }))
    .sort((a, b) => b.tests.length - a.tests.length);
}

/** The lines printed below the results table (empty when every conversation passed). */
export function failuresText(results: Result[], verbose = false): string[] {
  const out: string[] = [];
  for (const g of groupErrors(results, verbose)) {
    const who =
      g.tests.length === 1
        ? `${g.tests[0]}`
        : `${g.tests.length} tests (${clip([...new Set(g.tests)].join(', '), verbose ? 10_000 : 80)})`;
    out.push(`${who}: error: ${g.message}`);
  }
  for (const r of results) {
    if (r.status !== 'fail') continue;
    const reasons = failureReasons(r);
    out.push(`${label(r)}:`);
    for (const l of reasons.length ? reasons : ['failed (no failed check was recorded)'])
      out.push(`  - ${verbose ? l : clip(firstLine(l), 300)}`);
  }
  if (!verbose && results.some((r) => r.status === 'error' && (r.error ?? '').includes('\n')))
    out.push('(first lines only; --verbose prints the whole messages)');
  return out;
}
