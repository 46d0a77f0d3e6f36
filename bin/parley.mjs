#!/usr/bin/env node
// Parley command line. Runs the bundle that `npm install` builds (scripts/build-cli.mjs, out/cli/) when it
// matches the sources; otherwise (a fresh clone before the build, or a source edited since) runs the TypeScript
// sources through tsx, which works everywhere but costs about two seconds of start-up.
import { pathToFileURL } from 'node:url';
import { BUNDLE_ENTRY, bundleStaleReason } from './cli-bundle.mjs';

const stale = process.env.PARLEY_FROM_SOURCES ? 'PARLEY_FROM_SOURCES is set' : bundleStaleReason();
let main;
if (stale === undefined) {
  ({ main } = await import(pathToFileURL(BUNDLE_ENTRY).href));
} else {
  if (process.stderr.isTTY && !process.env.PARLEY_FROM_SOURCES)
    process.stderr.write(`parley: running from the sources (${stale}); npm run build:cli makes it start faster\n`);
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src-main/cli/main.ts'));
}
process.exitCode = await main(process.argv);
