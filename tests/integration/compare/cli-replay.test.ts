import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRunModels, runSuite } from '../../../src-main/engine/index.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { scriptedProvider } from '../../../src-main/providers/scripted.js';
import { openStore } from '../../../src-main/store/index.js';
import { AgentGraph, parseModelSpec, TestSuite } from '../../../src-shared/schemas/index.js';
import { withoutLatency } from '../../support/without-latency.js';

const root = path.resolve(__dirname, '../../..');
let dir: string;
let db: string;
let originalId: string;
let agentFile: string;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args, '--db', db], {
    cwd: root,
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  db = path.join(dir, 'parley.db');
  agentFile = path.join(dir, 'agent.json');
  fs.writeFileSync(
    agentFile,
    JSON.stringify({
      name: 'agent',
      chat: ['Hi, Northwind support.', 'Order A17 ships tomorrow.'],
      route: ['e_order'],
    }),
  );
  const callerFile = path.join(dir, 'caller.json');
  fs.writeFileSync(
    callerFile,
    JSON.stringify({ name: 'caller', caller: ['Where is my order A17?', 'Thanks!'], defaults: { caller_turns: 2 } }),
  );
  const store = openStore(db);
  const registry = createProviderRegistry({ providers: [scriptedProvider] });
  try {
    const { agent, version } = store.agents.create(
      AgentGraph.parse({
        name: 'Support',
        entry_node_id: 'greet',
        nodes: [
          {
            id: 'greet',
            type: 'conversation',
            instruction: { text: 'Greet.' },
            transitions: [
              { id: 'e_order', target: 'order', condition: { kind: 'prompt', prompt: 'Caller asks about an order' } },
            ],
          },
          { id: 'order', type: 'conversation', instruction: { text: 'Answer about the order.' } },
        ],
      }),
    );
    const models = await loadRunModels(registry, {
      agent: parseModelSpec(`scripted:${agentFile}`),
      caller: parseModelSpec(`scripted:${callerFile}`),
    });
    const suite = TestSuite.parse({
      name: 'orders',
      tests: [{ name: 'order status', user_prompt: 'Ask about order A17.', includes: ['agent:tomorrow'], repeats: 2 }],
    });
    originalId = (
      await runSuite({
        store,
        models,
        agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
        suite: { id: null, name: 'orders', data: suite },
      })
    ).run.id;
  } finally {
    await registry.close();
    store.close();
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley replay', () => {
  it('replays a simulated run on its own scripted models and reproduces the transcripts', () => {
    const r = parley('replay', originalId, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect([j.kind, j.status, j.parent_run_id]).toEqual(['replay', 'completed', originalId]);
    const original = JSON.parse(parley('runs', 'show', originalId, '--json').out);
    // the same words, nodes and order; the measured latencies differ from run to run
    expect(j.results.map((x: { transcript: { latency?: unknown }[] }) => withoutLatency(x.transcript))).toEqual(
      original.results.map((x: { transcript: { latency?: unknown }[] }) => withoutLatency(x.transcript)),
    );
    expect(j.results[0].transcript.map((t: { content: string }) => t.content)).toEqual([
      'Hi, Northwind support.',
      'Where is my order A17?',
      'Order A17 ships tomorrow.',
      'Thanks!',
      'OK.',
    ]);
    expect(j.diff.summary.counts.same).toBe(1);
    expect(j.diff.graph_changes).toBeNull();
  });

  it('text output points at the diff; --agent-model overrides the model', () => {
    const other = path.join(dir, 'other.json');
    fs.writeFileSync(other, JSON.stringify({ name: 'other', chat: ['Hello.', 'I do not know.'], route: ['e_order'] }));
    const r = parley('replay', originalId, '--agent-model', `scripted:${other}`);
    expect(r.code).toBe(1); // the includes rule fails on the other model
    expect(r.out).toMatch(/^Replayed 2 conversation\(s\) of run run_\w+ as run run_\w+ \(agent Support v1, scripted:/);
    // 2/2 -> 0/2 with repeats is not significant (Fisher p = 0.33): noise, not a regression.
    expect(r.out).toContain('Against the original: 1 noise\n');
    expect(r.err).toMatch(/^FAIL  order status .*\[\d\/2\]$/m);
  });

  it('an imported run needs --agent-model', () => {
    const imp = JSON.parse(
      parley('import-calls', 'Support', path.join(root, 'tests/fixtures/calls/plain-transcript.json'), '--json').out,
    ).run_id;
    const r = parley('replay', imp);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`run ${imp} is an imported run without an agent model; give --agent-model SPEC`);
    const ok = parley('replay', imp, '--agent-model', `scripted:${agentFile}`, '--json');
    expect(ok.code).toBe(0);
    expect(
      JSON.parse(ok.out)
        .results[0].transcript.filter((t: { role: string }) => t.role === 'caller')
        .map((t: { content: string }) => t.content),
    ).toEqual(['I need to change my flight to Friday.', 'K7XQ2P.']);
  });
});
