import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types (bin/ runs without a build)
import { bundleStaleReason } from '../../../bin/cli-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// beside out/cli (the same depth: the bundle's paths back to the sources are relative to its folder)
const OUT = path.join(ROOT, 'out', `cli-test-${process.pid}`);
const exec = promisify(execFile);
const staleReason = bundleStaleReason as (dir: string) => string | undefined;

describe('the CLI bundle (scripts/build-cli.mjs)', () => {
  beforeAll(async () => {
    await exec(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs'), '--strict', '--out', OUT]);
  }, 60_000);
  afterAll(() => fs.rmSync(OUT, { recursive: true, force: true }));

  it('runs commands from the bundle, which still finds package.json and the sources beside it', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const script = `const { main } = await import(${JSON.stringify(path.join(OUT, 'main.js'))}); process.exitCode = await main(['node', 'parley', ...process.argv.slice(1)]);`;
    const version = await exec(process.execPath, ['--input-type=module', '-e', script, '--', '--version']);
    expect(version.stdout.trim()).toBe(pkg.version);
    const help = await exec(process.execPath, ['--input-type=module', '-e', script, '--', 'runs', '--help']);
    expect(help.stdout).toContain('list runs, newest first');
    expect(help.stdout).toContain('export');
  });

  it('is fresh right after the build and stale once a source it holds differs or is gone', () => {
    expect(staleReason(OUT)).toBeUndefined();
    const manifestFile = path.join(OUT, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { inputs: Record<string, string> };
    expect(Object.keys(manifest.inputs)).toContain('src-main/cli/main.ts');
    expect(Object.keys(manifest.inputs).some((f) => f.includes('node_modules'))).toBe(false);
    const original = JSON.stringify(manifest);
    manifest.inputs['src-main/cli/main.ts'] = '1:1';
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(staleReason(OUT)).toBe('src-main/cli/main.ts changed since the CLI bundle was built');
    fs.writeFileSync(manifestFile, original.replace('"src-main/cli/main.ts"', '"src-main/cli/no-such-file.ts"'));
    expect(staleReason(OUT)).toBe('src-main/cli/no-such-file.ts is gone since the CLI bundle was built');
    fs.rmSync(manifestFile);
    expect(staleReason(OUT)).toBe('the CLI bundle is not built');
  });
});
