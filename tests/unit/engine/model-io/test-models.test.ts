import { describe, expect, it } from 'vitest';
import { parseTestModel } from '../../../../src-main/engine/model-io/test-models.js';
import { scriptedModel, type ScriptInput } from '../../../../src-main/providers/scripted.js';
import type { ModelSpec } from '../../../../src-shared/schemas/index.js';
import { bench } from '../run-helpers.js';

const g = {
  entry_node_id: 'a',
  nodes: [{ id: 'a', type: 'conversation' as const, instruction: { mode: 'prompt' as const, text: 'Help.' } }],
};

describe("parseTestModel (a test's llm_model)", () => {
  it('reads Parley specs and the LiteLLM names voicetest files carry', () => {
    expect(parseTestModel('ollama:qwen2.5:7b')).toMatchObject({ provider: 'ollama', model: 'qwen2.5:7b' });
    expect(parseTestModel('ollama/llama3:8b')).toMatchObject({ provider: 'ollama', model: 'llama3:8b' });
    expect(parseTestModel('ollama_chat/qwen2.5')).toMatchObject({ provider: 'ollama', model: 'qwen2.5' });
    expect(parseTestModel('openai/gpt-4o-mini')).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(parseTestModel('gpt-4o-mini')).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(parseTestModel('llama-cpp:/models/a/b.gguf')).toMatchObject({
      provider: 'llama-cpp',
      model: '/models/a/b.gguf',
    });
  });

  it('says what was expected for a provider Parley does not run, or an empty value', () => {
    expect(() => parseTestModel('anthropic/claude-3-haiku')).toThrow(
      /LiteLLM provider "anthropic" is not one Parley runs; expected PROVIDER:MODEL/,
    );
    expect(() => parseTestModel('  ')).toThrow(/is empty; expected PROVIDER:MODEL/);
    expect(() => parseTestModel('vertex:gemini')).toThrow(/unknown provider "vertex"/);
  });
});

describe('runs with test_model_precedence', () => {
  const suite = {
    name: 's',
    tests: [
      { name: 'own model', caller_script: ['hi'], llm_model: 'scripted:fast' },
      { name: 'run model', caller_script: ['hi'] },
    ],
  };
  const fast = scriptedModel({ name: 'fast', chat: ['I am the fast model.'] } as ScriptInput);
  const loads: ModelSpec[] = [];
  const loader = {
    load: async (spec: ModelSpec) => {
      loads.push(spec);
      if (spec.model !== 'fast') throw new Error(`no scripted file ${spec.model}`);
      return fast;
    },
  };

  it("on: a test with llm_model talks to that agent model, recorded on its result; the others use the run's", async () => {
    const b = bench(g, suite, { agent: { name: 'main', chat: ['I am the run model.'] } as ScriptInput });
    loads.length = 0;
    const out = await (await b.start({ options: { test_model_precedence: true }, loader })).done;
    expect(out.run.status).toBe('completed');
    const [own, main] = out.results;
    expect(own.transcript.find((t) => t.role === 'agent')?.content).toBe('I am the fast model.');
    expect(own.agent_model?.spec).toMatchObject({ provider: 'scripted', model: 'fast' });
    expect(main.transcript.find((t) => t.role === 'agent')?.content).toBe('I am the run model.');
    expect(main.agent_model).toBeUndefined();
    expect(loads).toHaveLength(1);
    expect(b.store.results.listByRun(out.run.id)[0].agent_model?.spec.model).toBe('fast'); // survives the store
    expect(out.run.options.test_model_precedence).toBe(true);
  });

  it('off: llm_model is not used and nothing is loaded', async () => {
    const b = bench(g, suite, { agent: { name: 'main', chat: ['I am the run model.'] } as ScriptInput });
    loads.length = 0;
    const out = await (await b.start({ loader })).done;
    expect(out.results.map((r) => r.transcript.find((t) => t.role === 'agent')?.content)).toEqual([
      'I am the run model.',
      'I am the run model.',
    ]);
    expect(loads).toHaveLength(0);
  });

  it('a bad or unloadable llm_model refuses the run before anything is stored, naming the test and its path', async () => {
    const bad = bench(g, { name: 's', tests: [{ name: 'ok' }, { name: 'typo', llm_model: 'antropic/claude' }] });
    await expect(bad.start({ options: { test_model_precedence: true }, loader })).rejects.toThrow(
      /test "typo" \(tests\[1\]\.llm_model\): "antropic\/claude": the LiteLLM provider "antropic"/,
    );
    const missing = bench(g, { name: 's', tests: [{ name: 'gone', llm_model: 'scripted:gone' }] });
    await expect(missing.start({ options: { test_model_precedence: true }, loader })).rejects.toThrow(
      /test "gone" \(tests\[0\]\.llm_model\): loading "scripted:gone" failed: no scripted file gone/,
    );
    expect(bad.store.runs.list({}).length + missing.store.runs.list({}).length).toBe(0);
  });
});
