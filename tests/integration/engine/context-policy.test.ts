/**
 * Issue 14 item 3: a conversation that outgrows the model's context ends (`context: end`, end reason
 * `context_full`, judged on what happened) or drops its oldest turns (`context: trim`). On the scripted
 * model with a tiny declared context (tokens = words) the turn count is exact; on the real tiny GGUF
 * with a 2,048-token context the caller's lines are scripted so every turn is the same length.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';
import { AgentGraph, TestSuite, type AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { LlamaCppChatModel } from '../../../src-main/providers/llama-cpp/model.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const graph = (globalPrompt: string): AgentGraphInput => ({
  name: 'Front desk',
  entry_node_id: 'talk',
  first_speaker: 'agent',
  global_prompt: globalPrompt,
  nodes: [
    {
      id: 'talk',
      name: 'Talk',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Answer the caller briefly.' },
      transitions: [],
    },
  ],
});

const ROOT = path.resolve(import.meta.dirname, '../../..');

const line = (i: number, words: number) =>
  `Line ${i}: ` + Array.from({ length: words }, (_, k) => `word${k}`).join(' ') + '.';

describe('context policy', () => {
  const t = tempDir();
  let store: Store;
  beforeAll(() => {
    store = openStore(tempDbPath(t.dir));
  });
  afterAll(() => {
    store.close();
    t.cleanup();
  });

  async function run(
    g: AgentGraphInput,
    suite: TestSuite,
    agentModel: ReturnType<typeof scriptedModel> | LlamaCppChatModel,
    judge: ReturnType<typeof scriptedModel>,
    context?: 'end' | 'trim',
  ) {
    const parsed = AgentGraph.parse(g);
    const { agent, version } = store.agents.create(parsed);
    return runSuite({
      store,
      models: { agent: agentModel, caller: agentModel, judge },
      agent: { id: agent.id, version_id: version.id, name: parsed.name, graph: parsed },
      suite: { id: null, name: suite.name, data: suite },
      options: { concurrency: 1, ...(context ? { context } : {}) },
    });
  }

  const judge = scriptedModel({ name: 'judge', defaults: { score: 0.9 } });
  const suite = TestSuite.parse({
    name: 'Long call',
    tests: [
      {
        name: 'keeps talking',
        user_prompt: 'You keep talking.',
        caller_script: Array.from({ length: 12 }, (_, i) => line(i + 1, 20)),
        metrics: ['The agent answers'],
        max_turns: 12,
      },
    ],
  });
  // a 20-word prompt, a 4-word instruction, the greeting "OK.", caller lines of 22 words and agent replies
  // of 1: the agent's reply after caller turn k needs 20 + 4 + 1 + 22k + (k - 1) + 1 = 25 + 23k words;
  // the context holds 120, so the reply after the 5th caller turn (140) no longer fits
  const tiny = () => scriptedModel({ name: 'tiny-context', defaults: { chat: 'OK.', context_tokens: 120 } });
  const prompt = Array.from({ length: 20 }, (_, k) => `rule${k}`).join(' ');

  it('context: end (the default) ends the conversation with context_full at the exact turn, judges it, counts it', async () => {
    const out = await run(graph(prompt), suite, tiny(), judge);
    expect(out.run.status).toBe('completed');
    const r = out.results[0];
    expect(r).toMatchObject({ status: 'pass', end_reason: 'context_full', turns: 5, error: null });
    expect(r.metrics).toHaveLength(1); // judged on what happened
    expect(r.transcript.filter((x) => x.role === 'caller')).toHaveLength(5);
    expect(r.model_calls.at(-2)).toMatchObject({ role: 'agent', purpose: 'chat', error_code: 'context_overflow' });
    expect(out.run.summary).toMatchObject({ total: 1, passed: 1, errored: 0, context_full: 1 });
  });

  it('through the CLI: human output and JSON count the conversations that hit the context; --context trim', () => {
    const dir = t.dir;
    const files = {
      agent: path.join(dir, 'agent.json'),
      suite: path.join(dir, 'suite.json'),
      model: path.join(dir, 'tiny-context.json'),
      judge: path.join(dir, 'judge.json'),
    };
    fs.writeFileSync(files.judge, JSON.stringify({ name: 'judge', defaults: { score: 0.9 } }));
    fs.writeFileSync(files.agent, JSON.stringify({ ...graph(prompt), format: 'parley' }));
    fs.writeFileSync(files.suite, JSON.stringify({ ...suite, format: 'parley' }));
    fs.writeFileSync(
      files.model,
      JSON.stringify({ name: 'tiny-context', defaults: { chat: 'OK.', context_tokens: 120 } }),
    );
    const cli = (...extra: string[]) =>
      spawnSync(
        process.execPath,
        [
          path.join(ROOT, 'bin/parley.mjs'),
          'run',
          '--agent',
          files.agent,
          '--tests',
          files.suite,
          '--agent-model',
          `scripted:${files.model}`,
          '--judge-model',
          `scripted:${files.judge}`,
          '--db',
          path.join(dir, 'cli.db'),
          ...extra,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
    const human = cli();
    expect(human.status).toBe(0);
    expect(human.stdout).toMatch(
      /keeps talking\s+1\s+pass\s+the model’s context was full\s+5\s+\d+\s+passed; the conversation ended when the context was full/,
    );
    expect(human.stdout).toContain('passed 1  failed 0  errored 0  (1 ended when the context was full)');
    const json = JSON.parse(cli('--json').stdout) as RunReport;
    expect(json).toMatchObject({ passed: 1, errored: 0, context_full: 1 });
    expect(json.results[0]).toMatchObject({ end_reason: 'context_full', turns: 5, error: null });
    const trimmed = JSON.parse(cli('--json', '--context', 'trim').stdout) as RunReport;
    expect(trimmed.context_full).toBeUndefined();
    expect(trimmed.results[0]).toMatchObject({ end_reason: 'max_turns', turns: 12, error: null });
    expect(trimmed.results[0].context_trimmed).toBeGreaterThan(0);
    // the same small model as the judge: it judges the most recent lines that fit, and says so
    const sameJudge = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'bin/parley.mjs'),
        'run',
        '--agent',
        files.agent,
        '--tests',
        files.suite,
        '--agent-model',
        `scripted:${files.model}`,
        '--db',
        path.join(dir, 'cli.db'),
        '--json',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const judged = (JSON.parse(sameJudge.stdout) as RunReport).results[0];
    expect(judged).toMatchObject({ status: 'pass', end_reason: 'context_full', turns: 5, error: null });
    expect(judged.metrics[0].reasoning).toMatch(
      /^\(judged on the last 2 of 10 transcript lines: the judge model's context cannot hold them all\)/,
    );
    const bad = cli('--context', 'shrink');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--context: expected end or trim, got "shrink"');
  }, 120_000);

  it('context: trim keeps the system prompt and the instruction, drops the oldest turns and records it', async () => {
    const out = await run(graph(prompt), suite, tiny(), judge, 'trim');
    const r = out.results[0];
    expect(r).toMatchObject({ status: 'pass', end_reason: 'max_turns', turns: 12, error: null });
    expect(r.context_trimmed).toBeGreaterThan(0);
    expect(out.run.summary.context_full).toBeUndefined();
  });

  it('on the tiny GGUF with a 2,048-token context: context_full, not an error, at the exact turn', async () => {
    const model = await LlamaCppChatModel.load(
      {
        provider: 'llama-cpp',
        model: await ensureTinyGguf(),
        params: { context_size: 2048, threads: 1, max_tokens: 48 },
      },
      { maxParallel: 1 },
    );
    try {
      const long = TestSuite.parse({
        ...suite,
        tests: [
          { ...suite.tests[0], caller_script: Array.from({ length: 20 }, (_, i) => line(i + 1, 40)), max_turns: 20 },
        ],
      });
      const out = await run(graph('You are the front desk of a dental clinic. '.repeat(12)), long, model, judge);
      const r = out.results[0];
      expect(r.error).toBeNull();
      expect(r.end_reason).toBe('context_full');
      expect(r.turns).toBe(TINY_GGUF_TURNS);
      expect(out.run.summary.context_full).toBe(1);
    } finally {
      await model.close();
    }
  }, 120_000);

  it('on the tiny GGUF as the caller too: structured answers shrink to the room left instead of being cut off', async () => {
    const model = await LlamaCppChatModel.load(
      {
        provider: 'llama-cpp',
        model: await ensureTinyGguf(),
        params: { context_size: 2048, threads: 1, max_tokens: 48 },
      },
      { maxParallel: 1 },
    );
    try {
      const free = TestSuite.parse({
        name: 'Free caller',
        tests: [
          {
            name: 'talks',
            user_prompt: 'You call to book a cleaning. ' + 'You like to explain at length. '.repeat(10),
            max_turns: 8,
            repeats: 2,
          },
        ],
      });
      const out = await run(graph('You are the front desk of a dental clinic. '.repeat(12)), free, model, judge);
      for (const r of out.results) {
        expect(r.error).toBeNull();
        expect(['context_full', 'max_turns', 'caller_done']).toContain(r.end_reason);
      }
      expect(out.run.summary.errored).toBe(0);
    } finally {
      await model.close();
    }
  }, 180_000);
});

// measured: 3 caller turns of ~330 bytes each plus a ~530-byte prompt and 48-token replies fill 2,048 byte-level tokens
const TINY_GGUF_TURNS = 3;
