/**
 * Issue 32: a fix's pre-run check is made with the graph its re-runs run. The starting run's agent is
 * the real tiny GGUF with a 2,048-token context (its byte vocabulary makes a character about a token);
 * the judge, which diagnoses and proposes, is the shop's scripted model. An edit that makes a node's
 * instruction longer than the context is refused by the check, naming the node and the context size,
 * and nothing is re-run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { edit, REFUND, shopGraph, shopScript, shopSuite } from '../../support/fix-fixture.js';
import { useFixContext } from './fix-support.js';

const CONTEXT = 2048;
/**
 * A global prompt of about 900 tokens: the starting run fits, and a proposed text may be 1.5 times as
 * long (diagnosis/propose.ts), enough to go past the context together.
 */
const GLOBAL = 'You are the phone agent of the Acme shop: be brief, friendly and exact with every caller. '.repeat(12);
/** About 2,500 tokens of the tiny GGUF: past its 2,048-token context on its own. */
const LONG = 'Tell the caller refunds are possible within 30 days of delivery, and why. '.repeat(40);

describe("a fix's pre-run check covers the edited graph", () => {
  const t = useFixContext();

  /** The shop suite run once with the tiny GGUF as agent (and caller) and the scripted judge. */
  async function startingRun(script: Record<string, unknown>) {
    const gguf = await ensureTinyGguf();
    const judge = path.join(t.dir, 'judge.json');
    fs.writeFileSync(judge, JSON.stringify(script));
    const { agent } = t.store.agents.create(AgentGraph.parse({ ...shopGraph(), global_prompt: GLOBAL }));
    const saved = t.store.suites.create(TestSuite.parse(shopSuite()), 'Shop', { agent_id: agent.id });
    const handle = await t.app.runs.start({
      agent: agent.id,
      suite: { id: saved.id, name: saved.name, data: saved.data },
      models: {
        agent: { provider: 'llama-cpp', model: gguf, params: { threads: 1, context_size: CONTEXT, max_tokens: 8 } },
        judge: { provider: 'scripted', model: judge, params: {} },
      },
      options: { max_turns: 2 },
    });
    const { run } = await handle.done;
    expect(run.status).toBe('completed');
    return { runId: run.id, agentId: agent.id };
  }

  const message = expect.stringMatching(
    /^the run was not started: .*context holds 2,048 tokens, but the agent's longest prompt .*node "refund"/s,
  );
  const refused = { error: { code: 'invalid_input', path: 'models.agent' }, message };

  it('"Apply and test" with an edit too long for the context is refused before anything is stored or re-run', async () => {
    const { runId, agentId } = await startingRun(shopScript('good'));
    const { fix, job } = await t.app.fix.open({ run_id: runId, subject: { test: REFUND }, repeats: 1 });
    await job.done;
    const long = { kind: 'node_instruction' as const, node_id: 'refund', original: '', proposed: LONG, rationale: '' };
    await expect(t.app.fix.apply(fix.id, [long])).rejects.toMatchObject(refused);
    expect(t.store.runs.list().map((r) => r.id)).toEqual([runId]);
    expect(t.store.agents.versions(agentId)).toHaveLength(1);
  }, 120_000);

  it('an auto-fix whose proposal is too long for the context stops at the check: the candidate is not re-run', async () => {
    const script = shopScript('good');
    const rules = (script.rules as { purpose: string }[]).filter((r) => r.purpose !== 'propose');
    rules.push({
      purpose: 'propose',
      reply: { edits: [edit('refund', LONG)], summary: 'a long fix', confidence: 0.7 },
    } as never);
    const { runId } = await startingRun({ ...script, rules });
    const { fix, job } = await t.app.fix.start({
      run_id: runId,
      subject: { test: REFUND },
      repeats: 1,
      max_iterations: 1,
    });
    await expect(job.done).rejects.toMatchObject(refused);
    const f = t.app.fix.get(fix.id);
    expect(f.stop).toMatchObject({ reason: 'failed', message });
    expect(f.iterations[0].version_id).not.toBeNull();
    expect(f.iterations[0].target_run_id).toBeNull();
    expect(t.store.runs.list().map((r) => r.id)).toEqual([runId]);
  }, 120_000);
});
