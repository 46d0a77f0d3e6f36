/**
 * Issue 28's guard on diagnose and fix: a run merged in from another machine's shard databases carries
 * the specs that file's author wrote. Diagnose and fix never use them by default: they use what this
 * machine configured (a model file in its models folder, an endpoint on its Models page, the model the
 * user names) or refuse before anything is stored, called or started, naming what to do. Real SQLite
 * files, the real provider registry, a real HTTP server standing for the foreign host.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src-main/store/index.js';
import type { ModelSpec, Run } from '../../../src-shared/schemas/index.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { REFUND, REFUND_DIAGNOSIS, shopScript } from '../../support/fix-fixture.js';
import { tempDir } from '../../support/tmp.js';
import { writeShopShards, type ShopShardOptions } from './copied-run-support.js';
import { useFixContext } from './fix-support.js';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer({ instant: true });
});
afterAll(async () => {
  await server?.stop();
});

/** A model on the foreign host, with the variable its key would be read from. */
const foreign = (): ModelSpec => ({
  provider: 'openai',
  model: 'tiny',
  endpoints: [server.baseUrl],
  api_key_env: 'CI_TOKEN',
  params: {},
});

describe('diagnose and fix a run copied from another database', () => {
  const t = useFixContext();
  /** The shop script the shard machine ran on (the same answers as the user's own copy). */
  const shardScript = () => path.join(t.dir, 'shard-machine', 'shop-good.json');
  const scripted = (model: string): ModelSpec => ({ provider: 'scripted', model, params: {} });
  /** The user's own model (the shop script under another name), in a folder of theirs. */
  const mine = () => {
    const file = path.join(t.dir, 'mine', 'my-judge.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(shopScript('good')));
    return scripted(file);
  };
  const useModelsFolder = (dir: string) => t.store.settings.set('models', { models_dir: dir });

  async function mergedRun(o: ShopShardOptions): Promise<Run> {
    const files = await writeShopShards(t.dir, o);
    const job = await t.app.runs.merge({ files });
    const run = await job.done;
    expect(run.options.copied_from).toEqual(files);
    return run;
  }

  /** What a refusal must leave as it was: no fix, no new run, no new version, no job of `kind`. */
  function snapshot(kind: 'diagnose' | 'fix') {
    return {
      fixes: t.store.fixes.list().length,
      runs: t.store.runs.list({ limit: 1000 }).length,
      versions: t.store.agents.list().map((a) => t.store.agents.versions(a.id).length),
      jobs: t.app.jobs.list({ kind }).length,
    };
  }

  it('diagnose refuses a copied judge on a host this machine has not configured, naming the model to choose', async () => {
    const run = await mergedRun({
      models: { agent: { spec: scripted('/elsewhere/agent.json') }, judge: { spec: foreign() } },
    });
    const before = snapshot('diagnose');
    await expect(t.app.fix.diagnose({ run_id: run.id, subject: { all: true } })).rejects.toMatchObject({
      error: {
        code: 'invalid_input',
        path: 'judge',
        message: expect.stringMatching(
          new RegExp(
            `^run ${run.id} was copied from another database \\(.*shard-1\\.db, .*shard-2\\.db\\): its stored judge openai:tiny@http://127\\.0\\.0\\.1:\\d+/v1 would call http://127\\.0\\.0\\.1:\\d+, a host you have not configured, so it is not used for you; choose the judge yourself, or add the endpoint on the Models page to trust it$`,
          ),
        ),
      },
    });
    expect(snapshot('diagnose')).toEqual(before);
    expect(server.requests.filter((r) => r.path.includes('/chat/completions'))).toEqual([]);
  });

  it('diagnose falls back to the copied agent model only as this machine allows: refused outside the models folder, used inside it', async () => {
    const run = await mergedRun({ models: { agent: { spec: scripted(shardScript()) } } });
    await expect(t.app.fix.diagnose({ run_id: run.id, subject: { test: REFUND } })).rejects.toMatchObject({
      error: {
        path: 'judge',
        message: expect.stringMatching(
          /its stored agent model would open the local file .*shard-machine\/shop-good\.json, outside your models folder, so it is not used for you; choose the model that diagnoses yourself$/,
        ),
      },
    });
    expect(t.app.jobs.list({ kind: 'diagnose' })).toEqual([]);

    // the user makes the shard machine's folder their models folder: now the file is one of theirs
    useModelsFolder(path.dirname(shardScript()));
    const job = await t.app.fix.diagnose({ run_id: run.id, subject: { test: REFUND } });
    const out = await job.done;
    expect(out.diagnoses.map((d) => [d.model, d.root_cause])).toEqual([
      ['scripted:shop-good.json', REFUND_DIAGNOSIS.root_cause],
    ]);
  });

  it('diagnose with a model the user names uses it, and the stored judge host is never called', async () => {
    const run = await mergedRun({ models: { agent: { spec: foreign() }, judge: { spec: foreign() } } });
    const own = mine();
    const job = await t.app.fix.diagnose({ run_id: run.id, subject: { test: REFUND }, judge: own });
    const out = await job.done;
    expect(out.diagnoses.map((d) => [d.model, d.subject.tests, d.faults[0].node_id])).toEqual([
      ['scripted:my-judge.json', [REFUND], 'refund'],
    ]);
    expect(server.requests).toEqual([]);
  });

  it('fix refuses, before anything is stored, a copied agent model on a foreign host, saying what to do instead', async () => {
    const run = await mergedRun({ models: { agent: { spec: foreign() } } });
    const before = snapshot('fix');
    const error = await t.app.fix
      .start({ run_id: run.id, subject: { test: REFUND }, judge: mine(), max_iterations: 1 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ error: { code: 'invalid_input', path: 'run_id' } });
    const message = (error as Error).message;
    expect(message).toContain(`run ${run.id} was copied from another database`);
    expect(message).toContain('its stored agent model openai:tiny@');
    expect(message).toContain('a host you have not configured, so it is not used for you');
    expect(message).toContain(
      "a fix re-runs the tests with the run's own models and speech engines: run the suite again with your own and fix that run, or add the endpoint on the Models page to trust it",
    );
    expect(snapshot('fix')).toEqual(before);
    expect(server.requests).toEqual([]);
  });

  it('fix refuses, before its job starts, a copied command: speech engine, and the program never runs', async () => {
    const marker = path.join(t.dir, 'the-command-ran');
    const run = await mergedRun({
      models: { agent: { spec: scripted(shardScript()) } },
      speech: { tts: `command:["sh","-c","touch ${marker}"]`, stt: 'pocketsphinx', caller_speech: true },
    });
    useModelsFolder(path.dirname(shardScript()));
    const before = snapshot('fix');
    await expect(
      t.app.fix.start({ run_id: run.id, subject: { test: REFUND }, max_iterations: 1 }),
    ).rejects.toMatchObject({
      error: {
        code: 'invalid_input',
        path: 'run_id',
        message: expect.stringContaining(
          `its stored speech engine command:["sh","-c","touch ${marker}"] runs a program (command:), so it is not used for you; a fix re-runs the tests`,
        ),
      },
    });
    expect(snapshot('fix')).toEqual(before);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("fixes a copied run whose models are this machine's: the re-runs use them, without the copy's key source", async () => {
    const run = await mergedRun({
      models: { agent: { spec: { ...scripted(shardScript()), api_key_env: 'CI_TOKEN' } } },
    });
    expect(run.models.agent?.spec).toEqual(scripted(shardScript()));
    useModelsFolder(path.dirname(shardScript()));
    const { fix, job } = await t.app.fix.start({ run_id: run.id, subject: { test: REFUND }, max_iterations: 1 });
    await job.done;
    const f = t.app.fix.get(fix.id);
    expect(f.judge).toEqual(scripted(shardScript()));
    expect(f.iterations.map((i) => i.outcome)).toEqual(['all_pass']);
    const rerun = t.store.runs.require(f.iterations[0].target_run_id!);
    expect(rerun.models.agent?.spec).toEqual(scripted(shardScript()));
    // its specs came from the file too: they stay guarded the same way
    expect(rerun.options.copied_from).toEqual(run.options.copied_from);
    expect(server.requests).toEqual([]);
  });
});

describe('parley diagnose and parley fix on a merged run (the CLI in this process)', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir();
  });
  afterEach(() => t.cleanup());

  it('refuse the copied specs naming the flag or the way out, and use the --judge-model the user gives', async () => {
    const files = await writeShopShards(t.dir, { models: { agent: { spec: foreign() }, judge: { spec: foreign() } } });
    const db = path.join(t.dir, 'mine.db');
    const merged = await parleyInProcess('runs', 'merge', ...files, '--db', db, '--json');
    expect(merged.code, merged.stderr).toBe(0);
    const runId = JSON.parse(merged.stdout).run_id as string;

    const refused = await parleyInProcess('diagnose', runId, '--all', '--db', db);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`run ${runId} was copied from another database`);
    expect(refused.stderr).toMatch(
      /choose the judge yourself, or add the endpoint on the Models page to trust it \(--judge-model SPEC\)/,
    );

    const judge = path.join(t.dir, 'my-judge.json');
    fs.writeFileSync(judge, JSON.stringify(shopScript('good')));
    const diagnosed = await parleyInProcess(
      'diagnose',
      runId,
      '--test',
      REFUND,
      '--judge-model',
      `scripted:${judge}`,
      '--db',
      db,
      '--json',
    );
    expect(diagnosed.code, diagnosed.stderr).toBe(0);
    expect(
      JSON.parse(diagnosed.stdout).diagnoses.map((d: { model: string; root_cause: string }) => [d.model, d.root_cause]),
    ).toEqual([['scripted:my-judge.json', REFUND_DIAGNOSIS.root_cause]]);

    // a fix has no --agent-model: the refusal names the run and what to do, not a flag it does not take
    const fix = await parleyInProcess(
      'fix',
      runId,
      '--test',
      REFUND,
      '--max-iterations',
      '1',
      '--judge-model',
      `scripted:${judge}`,
      '--db',
      db,
    );
    expect(fix.code).toBe(2);
    expect(fix.stderr).toContain('its stored agent model openai:tiny@');
    expect(fix.stderr).toContain('run the suite again with your own and fix that run');
    expect(fix.stderr).not.toContain('--agent-model');
    const store = openStore(db, { readonly: true });
    try {
      expect(store.fixes.list()).toEqual([]);
    } finally {
      store.close();
    }
    expect(server.requests).toEqual([]);
  });
});
