/**
 * Issue 27, "done when": the bundled example suite on the scripted model, audio evaluation with the default
 * pair (flite -> pocketsphinx, real engines): every static agent line is heard with a normalised word error
 * rate under 10% and no speech timeouts; a second audio evaluation of the same run is served by the speech
 * cache (no engine call). Its CPU figures are in bench/BENCHMARKS.md (bench/speech.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite, type GraphNode } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { turnWer } from '../../../src-shared/speech/wer-summary.js';
import { AudioEvalOutput } from '../../../src-shared/contract/speech.js';
import { useApiContext } from '../../support/api-context.js';

const t = useApiContext();
const examplePath = (f: string) => path.resolve(import.meta.dirname, '../../../resources/example', f);
const example = (f: string) => JSON.parse(fs.readFileSync(examplePath(f), 'utf8'));

/** Nodes whose words are fixed text (templated), not written by the model. */
function staticNodes(g: AgentGraph): Set<string> {
  const isStatic = (n: GraphNode) =>
    (n.type === 'conversation' && n.instruction.mode === 'static') ||
    ((n.type === 'end' || n.type === 'transfer') && n.message?.mode === 'static') ||
    (n.type === 'function' && n.speak_during_execution?.mode === 'static') ||
    (n.type === 'extract' && n.instruction?.mode === 'static');
  return new Set(g.nodes.filter(isStatic).map((n) => n.id));
}

describe('the example suite heard through the default pair', () => {
  it('every static agent line under 10% word error rate, no timeouts; the second evaluation comes from the cache', async () => {
    const graph = AgentGraph.parse(example('agent.json'));
    const registry = createProviderRegistry();
    const model = await registry.load({ provider: 'scripted', model: examplePath('scripted-model.json'), params: {} });
    const { agent, version } = t.store.agents.create(graph);
    const run = await runSuite({
      store: t.store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
      suite: { id: null, name: 'example', data: TestSuite.parse(example('suite.json')) },
      options: { concurrency: 2 },
    });
    await registry.close();
    const evaluate = async () => {
      const job = await t.job((await t.call('speech.audioEval', { run_id: run.run.id })).job_id, 500_000);
      expect(job).toMatchObject({ kind: 'audio-eval', status: 'done' });
      return AudioEvalOutput.parse(job.result);
    };
    const first = await evaluate();
    expect(first).toMatchObject({
      errors: 0,
      not_spoken: 0,
      tts: { preset: 'flite' },
      stt: { preset: 'pocketsphinx' },
    });
    const fixed = staticNodes(graph);
    const lines = t.store.results
      .listByRun(run.run.id)
      .flatMap((r) => r.transcript)
      .filter((x) => x.role === 'agent' && x.node && fixed.has(x.node));
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) {
      expect(line.speech_error).toBeUndefined();
      const rate = turnWer(line.speech!.word_errors!);
      expect({ said: line.content, heard: line.heard, rate: rate! < 0.1 }).toEqual({
        said: line.content,
        heard: line.heard,
        rate: true,
      });
    }
    expect(first.cache.hits + first.cache.shared + first.cache.misses).toBe(first.turns);
    const second = await evaluate();
    expect(second.cache).toEqual({ hits: first.turns, shared: 0, misses: 0 });
    expect(second.word_error_rate).toEqual(first.word_error_rate);
  }, 600_000);
});
