import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ALLOWED = [/^src-main\/electron\//, /^src-main\/index\.ts$/, /^src-preload\//];
const IMPORTS_ELECTRON =
  /(from\s+['"]electron['"])|(require\(\s*['"]electron['"]\s*\))|(import\(\s*['"]electron['"]\s*\))/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

describe('the electron import boundary (docs/architecture.md)', () => {
  const files = ['src-main', 'src-shared', 'src-renderer', 'src-preload'].flatMap(sourceFiles);

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files).toContain('src-main/electron/ipc.ts');
  });

  it("imports 'electron' only in src-main/electron/, src-main/index.ts and src-preload/", () => {
    const offenders = files.filter(
      (f) => !ALLOWED.some((re) => re.test(f)) && IMPORTS_ELECTRON.test(fs.readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the electron layer is the thing that imports it (the check can fail)', () => {
    expect(IMPORTS_ELECTRON.test(fs.readFileSync(path.join(ROOT, 'src-main/electron/ipc.ts'), 'utf8'))).toBe(true);
  });

  it('src-shared imports only zod and itself', () => {
    const bad = sourceFiles('src-shared').flatMap((f) => {
      const text = fs.readFileSync(path.join(ROOT, f), 'utf8');
      return [...text.matchAll(/from\s+['"]([^'"]+)['"]/g)]
        .map((m) => m[1])
        .filter((m) => !m.startsWith('.') && m !== 'zod')
        .map((m) => `${f}: ${m}`);
    });
    expect(bad).toEqual([]);
  });
});
