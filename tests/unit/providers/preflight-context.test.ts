/**
 * The pre-run check's context comparison (providers/preflight.ts): a prompt too long for the context
 * names where it comes from, and a check of the context only (the models answered an earlier check)
 * makes no call to the endpoint.
 */
import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import { preflightModels } from '../../../src-main/providers/preflight.js';
import type { ChatModel } from '../../../src-main/providers/types.js';

const spec: ModelSpec = { provider: 'openai', model: 'small', params: {} } as ModelSpec;

/** A model with a 1,000-token context counting one token a character, counting its check calls. */
function fakeModel() {
  const calls = { check: 0 };
  const model = {
    spec,
    contextTokens: 1000,
    countTokens: (text: string) => text.length,
    check: async () => {
      calls.check++;
    },
  } as unknown as ChatModel;
  return { calls, deps: { load: async () => model } };
}

const prompts = { agent: 'x'.repeat(2000), caller: 'y', agentNode: 'refund', callerTest: 'refund window' };

describe('preflightModels: the context check', () => {
  it('a prompt past the context is an error naming the node it comes from', async () => {
    const { deps, calls } = fakeModel();
    const [p] = await preflightModels(deps, { models: { agent: spec }, prompts });
    expect(p).toMatchObject({ severity: 'error', kind: 'context_too_small', roles: ['agent', 'caller', 'judge'] });
    expect(p.problem).toBe(
      "This model's context holds 1,000 tokens, but the agent's longest prompt alone is 2,000 tokens: no conversation fits. That prompt is the global prompt with node \"refund\"'s instruction.",
    );
    expect(calls.check).toBe(1);
  });

  it("the caller's prompt, when it is the longer one, is named by its test", async () => {
    const { deps } = fakeModel();
    const [p] = await preflightModels(deps, {
      models: { agent: spec },
      prompts: { ...prompts, agent: 'x', caller: 'y'.repeat(2000) },
    });
    expect(p.problem).toMatch(/the simulated caller's prompt alone is 2,000 tokens.* test "refund window"'s caller\.$/);
  });

  it('context only: the same problems, and the endpoint is not called', async () => {
    const { deps, calls } = fakeModel();
    const problems = await preflightModels(deps, { models: { agent: spec }, prompts, contextOnly: true });
    expect(problems.map((p) => p.kind)).toEqual(['context_too_small']);
    expect(calls.check).toBe(0);
  });
});
