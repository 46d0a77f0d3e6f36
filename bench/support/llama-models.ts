/**
 * The llama-cpp models of the benchmarks: agent (and judge) on the tiny GGUF seed 1, the simulated
 * caller on seed 2 (with random weights, greedy decoding, seed 1 as the caller says `done` on its
 * first turn; seed 2 keeps talking, which gives 9-10-turn conversations). All instrumented.
 */
import type { ChatModel } from '../../src-main/providers/types.js';
import type { LlamaCppChatModel } from '../../src-main/providers/llama-cpp/model.js';
import { loadRunModels, type RunModels } from '../../src-main/engine/index.js';
import {
  createProviderRegistry,
  type ProviderRegistry,
  type ProviderRegistryOptions,
} from '../../src-main/providers/registry.js';
import { ensureTinyGguf } from '../../tests/fixtures/tiny-gguf/write-tiny-gguf.js';
import { CallLog, instrument } from './instrument.js';
import { tinySpec } from './fixtures.js';

export interface BenchModels {
  registry: ProviderRegistry;
  models: RunModels;
  log: CallLog;
  /** The agent/judge model (seed 1), for its tokenizer and stats. */
  agent: LlamaCppChatModel;
  caller: LlamaCppChatModel;
  /** Tokens of a text in the agent model's vocabulary. */
  tokens(text: string): number;
}

/** `files`: the agent and caller GGUFs (default: the tiny GGUFs of seeds 1 and 2). */
export async function loadBenchModels(
  opts: { registry?: ProviderRegistryOptions; params?: Record<string, unknown>; files?: string[] } = {},
): Promise<BenchModels> {
  const [agentFile, callerFile] =
    opts.files ?? (await Promise.all([ensureTinyGguf(undefined, 1), ensureTinyGguf(undefined, 2)]));
  const registry = createProviderRegistry(opts.registry);
  const raw = await loadRunModels(registry, {
    agent: tinySpec(agentFile, opts.params),
    caller: tinySpec(callerFile, opts.params),
  });
  const log = new CallLog();
  const agent = instrument(raw.agent, log, 'tiny-1');
  const caller = instrument(raw.caller, log, 'tiny-2');
  const a = raw.agent as LlamaCppChatModel;
  return {
    registry,
    models: { agent, caller, judge: agent as ChatModel },
    log,
    agent: a,
    caller: raw.caller as LlamaCppChatModel,
    tokens: (text: string) => a.model.tokenize(text).length,
  };
}
