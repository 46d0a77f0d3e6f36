/**
 * `parley run`'s pre-run check (the application layer's, src-main/app/preflight.ts): every distinct
 * model is loaded and every endpoint answers once before a run is written. Errors stop the command
 * (exit 2) with one message naming each model, its endpoint and what to do (and, with --json, the
 * problems as JSON on stdout); warnings are printed and the run goes on.
 */
import type { AgentGraph, TestSuite } from '../../src-shared/schemas/index.js';
import type { App, RunModelSpecs } from '../app/index.js';
import { preflightText } from '../providers/preflight.js';
import { CliError } from './errors.js';
import { info, printJson } from './output.js';

export async function preflightOrExit(
  app: App,
  configs: RunModelSpecs[],
  run: { graph: AgentGraph; suite: TestSuite } | undefined,
  json: boolean | undefined,
): Promise<void> {
  const problems = await app.runs.preflight(configs, run?.graph, run?.suite);
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (warnings.length) info(preflightText(warnings));
  if (!errors.length) return;
  if (json) printJson({ status: 'not_started', problems });
  throw new CliError(
    `the run was not started: ${errors.length === 1 ? 'a model' : `${errors.length} models`} cannot work:\n${preflightText(errors)}`,
  );
}
