// Can this machine show Parley's desktop window? A display (on Linux), then Electron's runtime, which since
// Electron 42 is downloaded on first use by the electron package's own installer (install.js, its
// `install-electron` bin): idempotent, it returns at once when the runtime is already there.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Why no window can be shown here, or undefined when there is a display (always on macOS and Windows). */
export function noDisplayReason(env = process.env, platform = process.platform) {
  if (platform !== 'linux') return undefined;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return undefined;
  return 'no display (DISPLAY and WAYLAND_DISPLAY are unset)';
}

/**
 * Runs Electron's installer (bounded by `timeoutMs`, PARLEY_ELECTRON_INSTALL_TIMEOUT_MS overrides it) and
 * returns undefined when the runtime is there, else one short reason. Its own output (a stack trace when
 * offline) is kept from the user; the reason carries its first line.
 */
export function installElectronRuntime(timeoutMs = Number(process.env.PARLEY_ELECTRON_INSTALL_TIMEOUT_MS) || 120_000) {
  let installer;
  try {
    installer = require.resolve('electron/install.js');
  } catch {
    return 'the electron package is not installed (run npm install)';
  }
  const r = spawnSync(process.execPath, [installer], { encoding: 'utf8', timeout: timeoutMs });
  if (r.error?.code === 'ETIMEDOUT' || r.signal)
    return `Electron's runtime did not download within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`;
  if (r.status === 0) return undefined;
  const firstLine = `${r.stderr ?? ''}`
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('at '));
  return `Electron's runtime could not be downloaded${firstLine ? ` (${firstLine.slice(0, 160)})` : ''}`;
}

/** The electron-vite command line (`preview` for npm start, `dev` for npm run dev). */
export function electronViteBin() {
  return path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
}
