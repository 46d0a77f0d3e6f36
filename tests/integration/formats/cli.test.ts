import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { CORPUS_DIR, FIXTURE_DIR, ROOT } from '../../unit/formats/helpers.js';

const BIN = path.join(ROOT, 'bin/parley.mjs');

function parley(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('parley import / validate / export (spawned CLI)', () => {
  let dir: string;
  let db: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
    db = path.join(dir, 'cli.db');
    fs.writeFileSync(
      path.join(dir, 'broken.json'),
      '{\n  "start_node_id": "a",\n  "nodes": [\n    {"id": "a", "type": "end"},,\n  ]\n}\n',
    );
    const flow = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'revring-order-status.json'), 'utf8'));
    flow.edges[3].target = 'nowhere';
    fs.writeFileSync(path.join(dir, 'dangling.json'), JSON.stringify(flow, null, 2));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('imports every corpus file and fixture (--json), one entry per file, exit 0', () => {
    const files = [
      ...fs.readdirSync(CORPUS_DIR).map((f) => path.join(CORPUS_DIR, f)),
      ...fs.readdirSync(FIXTURE_DIR).map((f) => path.join(FIXTURE_DIR, f)),
    ].filter((f) => f.endsWith('.json'));
    const r = parley(['import', ...files, '--db', db, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(out).toHaveLength(files.length);
    const suite = out.find((o) => o.kind === 'suite')!;
    expect(suite).toMatchObject({ name: 'demo-tests', format: 'voicetest-tests', tests: 8 });
    const revring = out.find((o) => String(o.file).endsWith('revring-order-status.json'))!;
    expect(revring).toMatchObject({
      kind: 'agent',
      name: 'revring-order-status',
      format: 'revring',
      nodes: 8,
      warnings: [],
    });
    expect(String(revring.id)).toMatch(/^ag_/);
    const llm = out.find((o) => String(o.file).endsWith('retell-sample_llm_with_variables.json'))!;
    expect((llm.warnings as { path: string }[]).map((w) => w.path)).toContain('states[0].edges[0].description');
    const list = parley(['agents', 'list', '--db', db, '--json']);
    expect(JSON.parse(list.stdout)).toHaveLength(files.length - 1);
  });

  it('keeps importing after a bad file, prints located errors, exits 1', () => {
    const before = JSON.parse(parley(['agents', 'list', '--db', db, '--json']).stdout).length;
    const r = parley([
      'import',
      path.join(dir, 'broken.json'),
      path.join(dir, 'dangling.json'),
      path.join(CORPUS_DIR, 'vapi-sample_assistant_simple.json'),
      '--db',
      db,
    ]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${path.join(dir, 'broken.json')}: not imported, 1 error; nothing was written`);
    expect(lines[1]).toMatch(/^ {2}error nodes\[1\]: invalid JSON at line 4, column 32: expected a value \(object/);
    expect(lines[2]).toBe(`${path.join(dir, 'dangling.json')}: not imported, 1 error; nothing was written`);
    expect(lines[3]).toMatch(
      /^ {2}error edges\[3\]\.target: transition "e-check-shipped" of node "check_status" goes to node "nowhere", which does not exist/,
    );
    expect(lines.slice(4).find((l) => !l.startsWith('  '))).toMatch(
      /vapi-sample_assistant_simple\.json: imported agent "Simple Greeter" \(ag_\w+\) from vapi, 1 node$/,
    );
    expect(lines.slice(4).filter((l) => l.startsWith('  warning '))).toEqual([
      expect.stringMatching(/warning nodes\[4\]: node "shipped" cannot be reached/),
    ]);
    expect(JSON.parse(parley(['agents', 'list', '--db', db, '--json']).stdout)).toHaveLength(before + 1);
  });

  it('says what to do about a dangling transition; --drop-dangling imports without it and lists what it dropped', () => {
    const file = path.join(dir, 'dangling.json');
    const before = JSON.parse(parley(['agents', 'list', '--db', db, '--json']).stdout).length;
    const refused = parley(['import', file, '--db', db]);
    expect(refused.code).toBe(1);
    // no hint for a plain parse error
    expect(parley(['import', path.join(dir, 'broken.json'), '--db', db]).stdout).not.toContain('What to do');
    expect(refused.stdout).toContain('\n  What to do:\n');
    expect(refused.stdout).toContain(
      `  - import it without the 1 transition to a missing node: parley import ${file} --drop-dangling (each dropped transition is listed)\n`,
    );
    expect(refused.stdout).toContain('choose "Open in the editor to fix"');
    expect(JSON.parse(parley(['agents', 'list', '--db', db, '--json']).stdout)).toHaveLength(before);

    const r = parley(['import', file, '--drop-dangling', '--db', db]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/dangling\.json: imported agent "dangling" \(ag_\w+\) from revring, 8 nodes/);
    expect(lines[1]).toBe(
      '  dropped edges[3]: transition "e-check-shipped" of node "check_status" to the missing node "nowhere"',
    );
    expect(JSON.parse(parley(['agents', 'list', '--db', db, '--json']).stdout)).toHaveLength(before + 1);
  });

  it('validate checks without writing; --json reports per file; exit 1 on errors', () => {
    const fresh = path.join(dir, 'never-created.db');
    const ok = parley(['validate', path.join(FIXTURE_DIR, 'vapi-squad-clinic.json'), '--json'], { PARLEY_DB: fresh });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual([
      expect.objectContaining({ valid: true, kind: 'agent', format: 'vapi-squad', nodes: 3, errors: [] }),
    ]);
    const bad = parley(['validate', path.join(dir, 'dangling.json')], { PARLEY_DB: fresh });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/dangling\.json: invalid, 1 error\n {2}error edges\[3\]\.target: /);
    expect(fs.existsSync(fresh)).toBe(false);
  });

  it('exports a stored agent by name to a file, listing dropped features on stderr', () => {
    const target = path.join(dir, 'out.revring.json');
    const r = parley(['export', 'Healthcare Receptionist', '--format', 'revring', '-o', target, '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^dropped begin_message: begin message \(fixed opening line\) \(RevRing has no field for it\)$/m,
    );
    expect(r.stderr).toMatch(
      /wrote revring export of "Healthcare Receptionist" to .*out\.revring\.json \(\d+ features dropped\)/,
    );
    const back = parseAgentFile(fs.readFileSync(target, 'utf8'), target);
    expect(back.ok && back.format).toBe('revring');
  });

  it('exports a file path on the fly (nothing stored) and refuses unknown agents and formats', () => {
    const m = parley(['export', path.join(FIXTURE_DIR, 'revring-order-status.json'), '--format', 'mermaid']);
    expect(m.code).toBe(0);
    expect(m.stdout).toMatch(/^flowchart TD\n/);
    expect(m.stdout).toMatch(/any -\.->\|Is the caller asking to speak with a human\?\| n7/);
    const missing = parley(['export', 'no-such-agent', '--format', 'parley', '--db', db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /agent "no-such-agent" not found: no stored agent has this id or name, and no file has this path/,
    );
    const badFormat = parley(['export', 'x', '--format', 'yaml', '--db', db]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/yaml/);
  });
});
