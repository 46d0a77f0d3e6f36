import type { ModelSpecInput } from '../../../src-shared/schemas/model.js';

/** The Try-it choices worth remembering across panels and reloads (this computer only). */
export interface TrySettings {
  agent?: ModelSpecInput;
  caller?: ModelSpecInput;
  autoplay?: boolean;
}

const KEY = 'parley.tryit.settings';

export function readSettings(): TrySettings {
  try {
    const raw = localStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as TrySettings) : {};
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function writeSettings(s: TrySettings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* storage full or disabled: not remembered */
  }
}

export { parseJsonBox } from './json-box.js';
