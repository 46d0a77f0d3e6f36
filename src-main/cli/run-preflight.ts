/**
 * `parley run`'s pre-run check: every distinct model is loaded and every endpoint answers once
 * before a run is written. Errors stop the command (exit 2) with one message naming each model, its
 * endpoint and what to do (and, with --json, the problems as JSON on stdout); warnings are printed
 * and the run goes on.
 */
import type { ModelSpec } from '../../src-shared/schemas/index.js';
import { preflightModels, preflightText, type ModelProblem } from '../providers/preflight.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { CliError } from './errors.js';
import { info, printJson } from './output.js';

export interface RunModelSpecs {
  agent: ModelSpec;
  caller?: ModelSpec;
  judge?: ModelSpec;
}

export async function preflightOrExit(
  registry: ProviderRegistry,
  configs: RunModelSpecs[],
  prompts: { agent: string; caller: string } | undefined,
  json: boolean | undefined,
): Promise<void> {
  const seen = new Set<string>();
  const problems: ModelProblem[] = [];
  for (const c of configs) {
    for (const p of await preflightModels(
      { load: (spec, o) => registry.load(spec, o) },
      { models: c, ...(prompts ? { prompts } : {}) },
    )) {
      const key = `${p.kind}|${p.provider}|${p.model}|${p.endpoint ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(p);
    }
  }
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (warnings.length) info(preflightText(warnings));
  if (!errors.length) return;
  if (json) printJson({ status: 'not_started', problems });
  throw new CliError(
    `the run was not started: ${errors.length === 1 ? 'a model' : `${errors.length} models`} cannot work:\n${preflightText(errors)}`,
  );
}
