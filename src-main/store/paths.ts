import os from 'node:os';
import path from 'node:path';

/** The OS user-data folder Parley uses when neither --db nor PARLEY_DB is given. */
export function userDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'parley');
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'parley');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'parley');
}

/** DB path: explicit flag, else PARLEY_DB, else <user data>/parley.db. */
export function resolveDbPath(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return path.resolve(flag);
  if (env.PARLEY_DB) return path.resolve(env.PARLEY_DB);
  return path.join(userDataDir(process.platform, env), 'parley.db');
}
