// Grouping calls by what the caller wanted (issue 36, item 3), without a model: generated calls of 3 intents
// (tests/support/intent-calls.ts), redacted as `parley import-calls --redact` does, grouped as calls.proposeTests
// does (TF-IDF, k-means, K by silhouette 2-6). Prints per size: groups, purity, silhouette, wall ms.
// Run: npx tsx bench/call-groups.ts [--calls 30,300,1000]
import { groupCalls } from '../src-main/analysis/call-groups/group-calls.js';
import { parseCallText } from '../src-main/transcripts/index.js';
import { agentTexts, exemptWordsFromAgent, redactCalls } from '../src-main/transcripts/redact/index.js';
import { generateIntentCalls } from '../tests/support/intent-calls.js';
import { piiAgentGraph } from '../tests/support/pii-calls.js';

const at = process.argv.indexOf('--calls');
const sizes = (at > 0 ? process.argv[at + 1] : '30,300,1000').split(',').map(Number);
const exempt = exemptWordsFromAgent(agentTexts(piiAgentGraph), [piiAgentGraph.name]);

console.log(
  '| calls | groups (K by silhouette) | silhouette | purity | K=3 purity | grouping ms |\n|---|---|---|---|---|---|',
);
for (const n of sizes) {
  const set = generateIntentCalls(n);
  const { calls } = redactCalls(
    set.files.map((f) => parseCallText(f.name, f.text)),
    exempt,
  );
  const texts = calls.map((c, i) => ({
    id: String(i),
    caller: c.transcript
      .filter((t) => t.role === 'caller')
      .map((t) => t.content)
      .join('\n'),
  }));
  const purity = (groups: string[][]) =>
    groups.reduce((right, g) => {
      const counts = new Map<string, number>();
      for (const id of g) counts.set(set.intents[Number(id)], (counts.get(set.intents[Number(id)]) ?? 0) + 1);
      return right + Math.max(...counts.values());
    }, 0) / n;
  const t0 = performance.now();
  const g = groupCalls(texts);
  const ms = performance.now() - t0;
  const three = groupCalls(texts, 3);
  console.log(
    `| ${n} | ${g.groups.length} | ${g.k.silhouette} | ${purity(g.groups.map((x) => x.calls)).toFixed(2)} | ${purity(three.groups.map((x) => x.calls)).toFixed(2)} | ${ms.toFixed(0)} |`,
  );
}
