// npm run bench: runs every benchmark script in bench/ one after another (they compete for the CPU otherwise).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run-all.ts', 'lib.ts'].includes(f))
  .sort();
let failed = 0;
for (const s of scripts) {
  process.stdout.write(`\n== ${s}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, s)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    process.stdout.write(`!! ${s} missed a target (exit ${r.status})\n`);
  }
}
process.exitCode = failed ? 1 : 0;
