#!/usr/bin/env node
// Parley command line. Runs the TypeScript sources directly through tsx (no build step needed).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src-main/cli/main.ts');
process.exitCode = await main(process.argv);
