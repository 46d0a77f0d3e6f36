/**
 * Routing analysis of a 50-node graph (issue 13): model calls, wall time, and how it scales with
 * concurrency. Two models: the scripted model with a fixed per-call latency (what the pool does with a
 * model that serves calls in parallel, e.g. a cloud or Ollama endpoint), and the tiny GGUF in-process
 * (node-llama-cpp, threads 1) on this 2-core machine.
 *
 *   npx tsx bench/routing-analysis.ts [--nodes 50] [--latency 20]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentGraph, type AgentGraphInput } from '../src-shared/schemas/index.js';
import { analyzeRouting, decisionPoints } from '../src-main/analysis/routing.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import { ensureTinyGguf } from '../tests/fixtures/tiny-gguf/write-tiny-gguf.js';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const N = arg('nodes', 50);
const LATENCY = arg('latency', 20);

/** A chain of conversation nodes, each with three prompt conditions (next, back to start, end), plus one global node. */
function bigGraph(n: number): AgentGraph {
  const nodes: AgentGraphInput['nodes'] = [];
  for (let i = 0; i < n - 2; i++)
    nodes.push({
      id: `n${i}`,
      type: 'conversation',
      instruction: { text: `Step ${i}: ask the caller about item ${i}.` },
      transitions: [
        {
          id: `n${i}_next`,
          target: i + 1 < n - 2 ? `n${i + 1}` : 'bye',
          condition: { kind: 'prompt', prompt: `The caller answered about item ${i}` },
        },
        { id: `n${i}_restart`, target: 'n0', condition: { kind: 'prompt', prompt: 'The caller wants to start over' } },
        { id: `n${i}_bye`, target: 'bye', condition: { kind: 'prompt', prompt: 'The caller wants to hang up' } },
      ],
    } as never);
  nodes.push({
    id: 'human',
    type: 'transfer',
    target: '+15550100',
    global: {
      entry_conditions: [{ id: 'to_human', condition: { kind: 'prompt', prompt: 'The caller asks for a person' } }],
    },
  } as never);
  nodes.push({ id: 'bye', type: 'end' } as never);
  return AgentGraph.parse({ name: 'bench', entry_node_id: 'n0', nodes });
}

async function main() {
  const g = bigGraph(N);
  const points = decisionPoints(g);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const registry = createProviderRegistry();
  const rows: string[][] = [];
  try {
    const script = path.join(dir, 'latency.json');
    writeFileSync(
      script,
      JSON.stringify({
        name: 'latency',
        defaults: { delay_ms: LATENCY, route: 'none' },
        rules: [
          { purpose: 'utterances', reply: { utterances: Array.from({ length: 8 }, (_, i) => `caller line ${i}`) } },
        ],
      }),
    );
    const scripted = await registry.load({ provider: 'scripted', model: script, params: {} });
    for (const concurrency of [1, 4, 16]) {
      const t0 = performance.now();
      const r = await analyzeRouting(g, points, {
        model: scripted,
        perCondition: 8,
        noneCount: 3,
        concurrency,
        signal: new AbortController().signal,
      });
      const s = (performance.now() - t0) / 1000;
      rows.push([
        `scripted, ${LATENCY} ms/call`,
        String(concurrency),
        String(r.report.calls),
        s.toFixed(2),
        (r.report.calls / s).toFixed(0),
      ]);
    }
    if (process.argv.includes('--skip-gguf')) return;
    const tiny = await registry.load({
      provider: 'llama-cpp',
      model: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
      params: { threads: 1, context_size: 4096 },
    });
    for (const concurrency of [1, 2, 4]) {
      const t0 = performance.now();
      const r = await analyzeRouting(g, points, {
        model: tiny,
        perCondition: 2,
        noneCount: 1,
        concurrency,
        signal: new AbortController().signal,
      });
      const s = (performance.now() - t0) / 1000;
      rows.push([
        'tiny GGUF (2 lines/condition)',
        String(concurrency),
        String(r.report.calls),
        s.toFixed(2),
        (r.report.calls / s).toFixed(1),
      ]);
    }
  } finally {
    await registry.close();
    rmSync(dir, { recursive: true, force: true });
    print(points, rows);
  }
}

function print(points: ReturnType<typeof decisionPoints>, rows: string[][]) {
  console.log(
    `${N}-node graph: ${points.length} decision points, ${points.reduce((n, p) => n + p.options.length, 0)} conditions\n`,
  );
  console.log('| model | concurrency | model calls | wall s | calls/s |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

void main();
