#!/usr/bin/env node
// Builds the CLI ahead of time (npm install runs it as `prepare`; `npm run build:cli` by hand) into out/cli/:
// one ES module per lazily loaded command (esbuild code splitting), every package in node_modules left external
// (the native ones — better-sqlite3, node-llama-cpp, @fugood/whisper.node — and the big optional ones load from
// node_modules as they do under tsx), and manifest.json listing each source with its size and mtime so
// bin/parley.mjs can tell a stale bundle and fall back to the sources. A failed build never fails npm install:
// the CLI then runs from the sources through tsx, only slower.
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_DIR, ROOT, stamp } from '../bin/cli-bundle.mjs';

/**
 * Keeps `import.meta.url` meaning "this source file" inside the bundle (app-version.ts walks up to package.json,
 * renderer-dir.ts points at out/renderer, ...): each use becomes the source file's URL, written relative to the
 * bundle folder so a moved checkout keeps working.
 */
const sourceUrlPlugin = (outDir) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const rel = path.relative(outDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/** Builds into `outDir` (out/cli unless `--out DIR`; written beside it first, then renamed, so a CLI starting
 * meanwhile never sees half a bundle). Returns how many sources it holds. */
async function build(outDir) {
  const esbuild = await import('esbuild');
  const tmp = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: { main: path.join(ROOT, 'src-main/cli/main.ts') },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    chunkNames: '[name]-[hash]', // beside main.js: the rewritten import.meta.url paths are relative to this folder
    plugins: [sourceUrlPlugin(outDir)],
  });
  const inputs = {};
  for (const rel of Object.keys(result.metafile.inputs).sort()) {
    const abs = path.resolve(ROOT, rel);
    if (abs.includes(`${path.sep}node_modules${path.sep}`)) continue;
    inputs[path.relative(ROOT, abs).split(path.sep).join('/')] = stamp(abs);
  }
  fs.writeFileSync(path.join(tmp, 'manifest.json'), JSON.stringify({ built_at: new Date().toISOString(), inputs }));
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(tmp, outDir);
  return Object.keys(inputs).length;
}

const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : BUNDLE_DIR;
try {
  const started = Date.now();
  const count = await build(outDir);
  process.stdout.write(
    `CLI bundle: ${count} sources -> ${path.relative(ROOT, outDir)}/ in ${Date.now() - started} ms\n`,
  );
} catch (e) {
  process.stderr.write(
    `CLI bundle not built (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); parley runs from the sources (slower). Retry: npm run build:cli\n`,
  );
  if (process.argv.includes('--strict')) process.exitCode = 1;
}
