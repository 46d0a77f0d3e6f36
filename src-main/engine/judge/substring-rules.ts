import type { CheckResult, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { splitSide } from '../../../src-shared/rules/rule-side.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';

/**
 * `includes` / `excludes`: case-insensitive substrings over the spoken transcript (agent and caller
 * turns), or one side only with an `agent:` / `caller:` prefix.
 */

const where = (side: string | undefined) => (side ? `the ${side}'s turns` : 'the transcript');

function findTurn(transcript: TranscriptTurn[], side: 'agent' | 'caller' | undefined, needle: string): number {
  const n = needle.toLowerCase();
  return transcript.findIndex(
    (t) =>
      (t.role === 'agent' || t.role === 'caller') && (!side || t.role === side) && t.content.toLowerCase().includes(n),
  );
}

function excerpt(text: string, needle: string): string {
  const i = text.toLowerCase().indexOf(needle.toLowerCase());
  const a = Math.max(0, i - 30);
  const b = Math.min(text.length, i + needle.length + 30);
  return `${a > 0 ? '…' : ''}${text.slice(a, b)}${b < text.length ? '…' : ''}`;
}

export function checkSubstrings(transcript: TranscriptTurn[], includes: string[], excludes: string[]): CheckResult[] {
  const out: CheckResult[] = [];
  for (const entry of includes) {
    const { side, text } = splitSide(entry);
    const at = findTurn(transcript, side, text);
    out.push(
      at >= 0
        ? {
            kind: 'includes',
            target: entry,
            passed: true,
            message: `found in turn ${turnNumber(at)} (${transcript[at].role})`,
            details: { turn: at },
          }
        : { kind: 'includes', target: entry, passed: false, message: `"${text}" does not appear in ${where(side)}` },
    );
  }
  for (const entry of excludes) {
    const { side, text } = splitSide(entry);
    const at = findTurn(transcript, side, text);
    out.push(
      at < 0
        ? { kind: 'excludes', target: entry, passed: true, message: `absent from ${where(side)}` }
        : {
            kind: 'excludes',
            target: entry,
            passed: false,
            message: `"${text}" appears in turn ${turnNumber(at)} (${transcript[at].role}${transcript[at].node ? ` at node ${transcript[at].node}` : ''}): "${excerpt(transcript[at].content, text)}"`,
            details: { turn: at, node: transcript[at].node },
          },
    );
  }
  return out;
}
