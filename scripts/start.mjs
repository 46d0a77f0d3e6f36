#!/usr/bin/env node
// `npm start` (and `npm run dev` with --dev): the desktop window where one can be had, web mode otherwise.
// 1. A display (Linux: DISPLAY or WAYLAND_DISPLAY) and Electron's runtime, fetched by Electron's own installer
//    (idempotent, bounded in time). 2. Then electron-vite (preview, or dev), with PARLEY_NODE naming this Node, so
//    the window's backend runs under the Node that ran npm install (src-main/electron/backend.ts).
// 3. Otherwise web mode (`parley serve`), after one line saying why and how to get the desktop shell.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronViteBin, installElectronRuntime, noDisplayReason } from './start/desktop-runtime.mjs';
import { buildRendererIfNeeded, serveWebMode } from './start/web-mode.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const log = (line) => process.stderr.write(`${line}\n`);

function startDesktop() {
  const child = spawn(process.execPath, [electronViteBin(), dev ? 'dev' : 'preview'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PARLEY_NODE: process.execPath },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => {
    if (code && code !== 0)
      log(`Parley: the desktop shell exited with code ${code}; web mode works without it: npm run serve`);
    process.exitCode = code ?? (signal ? 0 : 1);
  });
}

async function startWeb(reason) {
  log(
    `Parley: ${reason}, so starting web mode instead. For the desktop window run npm ${dev ? 'run dev' : 'start'} ` +
      'on a machine with a display and network access once (Electron downloads its runtime), or run npx install-electron.',
  );
  try {
    buildRendererIfNeeded(ROOT, log);
  } catch (e) {
    log(`Parley: ${e.message}`);
    process.exitCode = 1;
    return;
  }
  process.exitCode = await serveWebMode(
    ROOT,
    process.argv.slice(2).filter((a) => a !== '--dev'),
  );
}

const reason = process.env.PARLEY_WEB ? 'PARLEY_WEB is set' : (noDisplayReason() ?? installElectronRuntime());
if (reason) await startWeb(reason);
else startDesktop();
