// Redaction recall (issue 36): 30 generated calls with planted personal data of every kind, redacted as
// `parley import-calls --redact` does, then per kind found / planted and the false positives (the agent's and
// the clinic's own names and ordinary words that must stay). Exits non-zero when a target is missed.
// Run: npx tsx bench/redaction.ts [--calls N]
import { parseCallText } from '../src-main/transcripts/index.js';
import { agentTexts, exemptWordsFromAgent, redactCalls } from '../src-main/transcripts/redact/index.js';
import { generatePiiCalls, piiAgentGraph } from '../tests/support/pii-calls.js';
import { measureRecall } from '../tests/support/pii-recall.js';

const at = process.argv.indexOf('--calls');
const n = at > 0 ? Number(process.argv[at + 1]) : 30;
const set = generatePiiCalls(n);
const calls = set.files.map((f) => parseCallText(f.name, f.text));
const exempt = exemptWordsFromAgent(agentTexts(piiAgentGraph), [piiAgentGraph.name]);
const t0 = performance.now();
const { calls: redacted, report } = redactCalls(calls, exempt);
const ms = performance.now() - t0;
const { rows, missed, falsePositives } = measureRecall(set, redacted);

const TARGET: Record<string, number> = { email: 1, card: 1, id: 1, phone: 1 };
let failed = false;
console.log(`${n} calls, redacted in ${ms.toFixed(0)} ms (${(ms / n).toFixed(1)} ms per call)\n`);
console.log('| kind | found / planted | recall | target | ok |\n|---|---|---|---|---|');
for (const r of rows) {
  const recall = r.planted ? r.found / r.planted : 1;
  const target = TARGET[r.kind] ?? 0.95;
  const ok = recall >= target;
  if (!ok) failed = true;
  console.log(
    `| ${r.kind} | ${r.found} / ${r.planted} | ${(recall * 100).toFixed(1)}% | ${target * 100}% | ${ok ? 'yes' : 'NO'} |`,
  );
}
console.log(
  `\nfalse positives: ${falsePositives.lost} of ${falsePositives.checked} kept phrases replaced (agent name, clinic name, ordinary words)`,
);
console.log(`placeholders written by kind: ${JSON.stringify(report.replaced)}`);
if (missed.length) console.log(`\nmissed:\n  ${missed.slice(0, 20).join('\n  ')}`);
if (falsePositives.examples.length)
  console.log(`\nreplaced but should stay:\n  ${falsePositives.examples.slice(0, 20).join('\n  ')}`);
if (falsePositives.lost) failed = true;
process.exitCode = failed ? 1 : 0;
