/**
 * Per-test agent models: a test's `llm_model` replaces the run's agent model for that test when the
 * run's `test_model_precedence` option is on (voicetest's rule; off, the field is kept but unused).
 * The models are parsed and loaded before the run row is written, so a bad value changes nothing.
 */
import {
  parseModelSpec,
  PROVIDER_IDS,
  type ModelSpec,
  type RoleModel,
  type TestCase,
} from '../../../src-shared/schemas/index.js';
import type { ChatModel } from '../../providers/types.js';
import type { ModelLoader } from './run-models.js';
import { storedRoleModel } from './stored-models.js';

/** LiteLLM provider prefixes (what voicetest files carry) that Parley serves, and the provider that serves them. */
const LITELLM_PREFIXES: Record<string, ModelSpec['provider']> = {
  ollama: 'ollama',
  ollama_chat: 'ollama',
  openai: 'openai',
};

const EXPECTED = `PROVIDER:MODEL (${PROVIDER_IDS.map((p) => `${p}:...`).join(', ')}) or a LiteLLM name (ollama/NAME, ollama_chat/NAME, openai/NAME, or a bare OpenAI model name)`;

/**
 * A test's llm_model as a ModelSpec: Parley's `PROVIDER:MODEL[@URL]`, or the LiteLLM form voicetest
 * writes (`ollama/qwen2.5`, `openai/gpt-4o-mini`, a bare `gpt-4o-mini` = OpenAI).
 */
export function parseTestModel(value: string): ModelSpec {
  const v = value.trim();
  if (!v) throw new Error(`is empty; expected ${EXPECTED}`);
  const slash = v.indexOf('/');
  const colon = v.indexOf(':');
  // "ollama/llama3:8b" is LiteLLM (the slash comes before any colon); "llama-cpp:/models/x.gguf" is Parley's
  if (slash > 0 && (colon < 0 || slash < colon)) {
    const prefix = v.slice(0, slash);
    const provider = LITELLM_PREFIXES[prefix];
    if (!provider)
      throw new Error(`"${v}": the LiteLLM provider "${prefix}" is not one Parley runs; expected ${EXPECTED}`);
    return parseModelSpec(`${provider}:${v.slice(slash + 1)}`);
  }
  if (colon < 0) return parseModelSpec(`openai:${v}`);
  try {
    return parseModelSpec(v);
  } catch (e) {
    throw new Error(`${(e as Error).message.replace(/^model spec /, '')}`);
  }
}

export interface TestModels {
  /** The agent model for a test (its llm_model's), or undefined for the run's. */
  forTest(test: TestCase): { model: ChatModel; role: RoleModel } | undefined;
  /** Distinct llm_model values loaded. */
  readonly loaded: number;
}

const NONE: TestModels = { forTest: () => undefined, loaded: 0 };

/**
 * Loads each distinct llm_model of `tests` (with their suite index for error paths) once. Errors
 * name the test, its JSON path in the suite and what was expected.
 */
export async function loadTestModels(
  tests: { test: TestCase; test_index: number }[],
  loader: ModelLoader | undefined,
  opts: { signal?: AbortSignal } = {},
): Promise<TestModels> {
  const wanted = new Map<string, { test: TestCase; test_index: number }>();
  for (const t of tests)
    if (t.test.llm_model !== undefined && !wanted.has(t.test.llm_model)) wanted.set(t.test.llm_model, t);
  if (!wanted.size) return NONE;
  if (!loader)
    throw new Error('tests choose their own agent model (llm_model) but no model loader was given to the run');
  const byValue = new Map<string, { model: ChatModel; role: RoleModel }>();
  for (const [value, { test, test_index }] of wanted) {
    const where = `test "${test.name}" (tests[${test_index}].llm_model)`;
    let spec: ModelSpec;
    try {
      spec = parseTestModel(value);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
    try {
      const model = await loader.load(spec, opts);
      byValue.set(value, { model, role: storedRoleModel({ spec: model.spec, identity: await model.identity() }) });
    } catch (e) {
      throw new Error(`${where}: loading "${value}" failed: ${(e as Error).message}`);
    }
  }
  return {
    forTest: (test) => (test.llm_model === undefined ? undefined : byValue.get(test.llm_model)),
    loaded: byValue.size,
  };
}
