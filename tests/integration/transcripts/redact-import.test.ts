import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { openStore } from '../../../src-main/store/index.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { CLINIC, generatePiiCalls, piiAgentGraph } from '../../support/pii-calls.js';

// Issue 36: 30 generated calls with planted personal data, imported with --redact through the real CLI
// (in process) into a real SQLite file; none of the planted values may be in the file or its WAL.
let dir: string;
let db: string;
const set = generatePiiCalls(30);
let paths: string[];

/** The database file and its write-ahead log, as bytes read from disk (what a dump would hold). */
const dbBytes = () =>
  [db, `${db}-wal`]
    .filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f).toString('latin1'))
    .join('\n');

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-redact-'));
  db = path.join(dir, 'parley.db');
  const s = openStore(db);
  s.agents.create(AgentGraph.parse(piiAgentGraph));
  s.close();
  paths = set.files.map((f) => {
    const p = path.join(dir, f.name);
    fs.writeFileSync(p, f.text);
    return p;
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley import-calls --redact', () => {
  it('stores none of the planted values (database and WAL), placeholders in the transcripts, counts with the run', async () => {
    // every planted value is really in the generated files
    for (const p of set.planted) expect(set.files[p.call].text).toContain(p.value);
    const r = await parleyInProcess('import-calls', CLINIC, ...paths, '--redact', '--json', '--db', db);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.calls).toHaveLength(30);
    expect(out.calls[4].file).toBe(paths[4]);
    expect(out.calls[4].result_id).toMatch(/\S/);
    expect(out.redaction.applied).toBe(true);
    for (const k of ['name', 'phone', 'email', 'dob', 'address', 'card', 'id'])
      expect(out.redaction.replaced[k]).toBeGreaterThanOrEqual(30);

    const bytes = dbBytes();
    const leaked = set.planted.filter((p) => {
      const digits = p.value.replace(/\D/g, '');
      return (
        bytes.includes(p.value) || (p.kind !== 'name' && !p.spoken && digits.length >= 9 && bytes.includes(digits))
      );
    });
    expect(leaked).toEqual([]);

    const s = openStore(db);
    try {
      const run = s.runs.require(out.run_id);
      expect(run.options.redaction?.applied).toBe(true);
      const results = s.results.listByRun(run.id);
      const caller = results[0].transcript.filter((t) => t.role === 'caller').map((t) => t.content);
      expect(caller[0]).toMatch(/\[NAME_1\]/);
      expect(caller[1]).toMatch(/\[PHONE_1\].*\[EMAIL_1\]/);
      expect(caller[2]).toMatch(/\[PHONE_\d\]/);
      expect(caller[3]).toMatch(/\[DOB_1\]/);
      expect(caller[4]).toMatch(/\[ADDRESS_1\]/);
      expect(caller[5]).toMatch(/\[CARD_1\].*\[ID_1\]/);
      // consistent within the call: the phone in the tool arguments is the one the caller said
      expect(results[0].tools_called[0].args).toMatchObject({
        patient_name: '[NAME_1]',
        phone: '[PHONE_1]',
        email: '[EMAIL_1]',
      });
      expect(results[0].tools_called[0].result).toMatchObject({ patient: '[NAME_1]' });
      expect(results[0].variables.customer_name).toBe('[NAME_1]');
      // the agent's and the clinic's own names stay
      expect(results[0].transcript[0].content).toBe(`Hi, this is Ava from ${CLINIC}. How can I help you today?`);
    } finally {
      s.close();
    }

    const shown = await parleyInProcess('runs', 'show', out.run_id, '--db', db);
    expect(shown.stdout).toContain('Personal data: redacted before storing (name ');
    const shownJson = JSON.parse((await parleyInProcess('runs', 'show', out.run_id, '--json', '--db', db)).stdout);
    expect(shownJson.redaction).toEqual(out.redaction);
  });

  it('--no-redact keeps the originals and the run says so', async () => {
    const r = await parleyInProcess('import-calls', CLINIC, paths[0], '--no-redact', '--json', '--db', db);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.redaction).toEqual({ applied: false, replaced: {} });
    const s = openStore(db);
    try {
      const [result] = s.results.listByRun(out.run_id);
      expect(JSON.stringify(result.transcript)).toContain(
        set.planted.find((p) => p.call === 0 && p.kind === 'email')!.value,
      );
    } finally {
      s.close();
    }
    const shown = await parleyInProcess('runs', 'show', out.run_id, '--db', db);
    expect(shown.stdout).toContain('Personal data: NOT redacted');
  });
});
