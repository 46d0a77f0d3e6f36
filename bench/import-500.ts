/**
 * Import time and memory of a 500-node agent in each platform graph format (Bland pathway,
 * ElevenLabs workflow, Telnyx multi-assistant list, LiveKit Python, XLSForm workbook): the file is
 * written by Parley's own exporter from one generated graph (XLSForm: a 250-question survey, 500
 * nodes), then read through `readAgentFile` (parse, detect, map, validate) repeatedly.
 * Command: `npx tsx bench/import-500.ts`
 */
import { AgentGraph, type AgentGraphInput } from '../src-shared/schemas/index.js';
import { exportAgent, readAgentFile, type FileContent } from '../src-main/formats/index.js';
import { buildWorkbook } from '../tests/fixtures/formats/xlsform/build-workbook.js';
import { report, timeIt, type Check } from './lib.js';

const N = 500;

function graph500(): AgentGraphInput {
  const nodes = Array.from({ length: N }, (_, i) => ({
    id: `step_${i}`,
    type: 'conversation',
    instruction: {
      mode: 'prompt',
      text: `Step ${i}: ask the caller about item ${i % 7} and confirm it before moving on.`,
    },
    tools: i % 50 === 0 ? ['lookup'] : undefined,
    transitions:
      i < N - 1
        ? [
            {
              id: `step_${i}->step_${i + 1}`,
              target: `step_${i + 1}`,
              condition: { kind: 'prompt', prompt: `The caller answered step ${i}` },
            },
            ...(i > 0 && i % 10 === 0
              ? [
                  {
                    id: `step_${i}->step_0`,
                    target: 'step_0',
                    condition: { kind: 'prompt', prompt: 'The caller wants to start over' },
                  },
                ]
              : []),
          ]
        : [],
  }));
  return {
    name: 'bench-500',
    entry_node_id: 'step_0',
    tools: [
      {
        name: 'lookup',
        description: 'Look up an item',
        kind: 'custom',
        parameters: { type: 'object', properties: { item: { type: 'string' } } },
      },
    ],
    nodes,
  } as AgentGraphInput;
}

async function survey250(): Promise<Uint8Array> {
  const rows: (string | null)[][] = [['type', 'name', 'label', 'relevant']];
  for (let i = 0; i < N / 2; i++)
    rows.push([
      i % 3 === 0 ? 'integer' : 'text',
      `q${i}`,
      `Question ${i}: what is your answer?`,
      i % 10 === 5 ? `\${q${i - 2}} >= 3` : null,
    ]);
  return new Uint8Array(await buildWorkbook({ survey: rows }));
}

const g = AgentGraph.parse(graph500());
const files: [string, string, FileContent][] = [
  ['bland-pathway', 'bench.json', exportAgent(g, 'bland').text],
  ['elevenlabs', 'bench.json', exportAgent(g, 'elevenlabs').text],
  ['telnyx', 'bench.json', exportAgent(g, 'telnyx').text],
  ['livekit', 'bench.py', exportAgent(g, 'livekit').text],
  ['xlsform', 'bench.xlsx', await survey250()],
];

const checks: Check[] = [];
for (const [format, name, content] of files) {
  const first = await readAgentFile(content, name);
  if (!first.ok || first.kind !== 'agent')
    throw new Error(`${format}: ${first.ok ? 'suite' : first.errors.map((e) => e.message).join('; ')}`);
  if (first.format !== format || first.graph.nodes.length < N)
    throw new Error(`${format}: read as ${first.format}, ${first.graph.nodes.length} nodes`);
  const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  const t = await timeIt(format === 'xlsform' ? 7 : 15, async () => {
    await readAgentFile(content, name);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  });
  checks.push({
    name: `${format} (${first.graph.nodes.length} nodes, ${(size / 1024).toFixed(0)} KB) import, median`,
    value: t.median,
    unit: 'ms',
    target: '< 1000 ms',
    ok: t.median < 1000,
  });
  checks.push({
    name: `${format} heap growth while importing (peak - start)`,
    value: (peak - heap0) / 1048576,
    unit: 'MB',
    target: '< 200 MB',
    ok: peak - heap0 < 200 * 1048576,
  });
}
report('Import of a 500-node agent per platform format', checks);
