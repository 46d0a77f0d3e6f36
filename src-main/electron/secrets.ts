import fs from 'node:fs';
import path from 'node:path';
import { safeStorage } from 'electron';
import type { Keychain } from '../app/door/context.js';

/**
 * API keys encrypted with the OS keychain (safeStorage) in a file next to the DB — never in the DB,
 * exports or logs. Without OS encryption available, keys are refused rather than stored in clear.
 */
export function createKeychain(dir: string): Keychain {
  const file = path.join(dir, 'secrets.json');
  const read = (): Record<string, string> => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
  return {
    async set(name, secret) {
      if (!safeStorage.isEncryptionAvailable())
        throw new Error('the OS keychain is not available; set the key in an environment variable instead');
      const all = read();
      all[name] = safeStorage.encryptString(secret).toString('base64');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(all), { mode: 0o600 });
    },
    async get(name) {
      const v = read()[name];
      return v ? safeStorage.decryptString(Buffer.from(v, 'base64')) : undefined;
    },
    async has(name) {
      return name in read();
    },
  };
}
