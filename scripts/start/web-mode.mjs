// Web mode for `npm start` when no desktop window can be had: build the renderer when it is missing or older
// than its sources, run `parley serve`, pass its output through, open the printed URL in a browser if there is one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time of the files under `dirs` (0 for none). */
function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) if (fs.existsSync(d)) walk(d);
  return newest;
}

/** Builds out/renderer (npm run build:web) unless it is newer than src-renderer/ and src-shared/. */
export function buildRendererIfNeeded(root, log) {
  const index = path.join(root, 'out', 'renderer', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (built && built >= newestMtime([path.join(root, 'src-renderer'), path.join(root, 'src-shared')])) return;
  log(
    built
      ? 'The web UI is older than its sources: rebuilding it (npm run build:web)...'
      : 'Building the web UI (npm run build:web)...',
  );
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.web.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the web UI did not build (npm run build:web failed; its output is above)');
}

/** Opens `url` in the system browser where there is one; never fails (no opener, no display: nothing happens). */
export function openBrowser(url, env = process.env, platform = process.platform) {
  if (env.PARLEY_NO_BROWSER) return;
  let cmd;
  let args;
  if (platform === 'darwin') [cmd, args] = ['open', [url]];
  else if (platform === 'win32') [cmd, args] = ['cmd', ['/c', 'start', '""', url]];
  else if (env.DISPLAY || env.WAYLAND_DISPLAY) [cmd, args] = ['xdg-open', [url]];
  else return;
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    /* no browser opener: the URL is printed */
  }
}

/**
 * Runs `parley serve` (bin/parley.mjs, the same CLI and store as everywhere) until it ends or this process is
 * stopped; resolves with its exit code. Its output passes through; the first URL it prints is opened.
 */
export function serveWebMode(root, extraArgs = []) {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'parley.mjs'), 'serve', ...extraArgs], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  let opened = false;
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const m = !opened && /Parley web mode on (http:\/\/\S+)/.exec(String(chunk));
    if (m) {
      opened = true;
      openBrowser(m[1]);
    }
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1))));
}
