import { SEVERITIES, type Severity } from '../../src-shared/schemas/index.js';
import { CliError } from './errors.js';

/** `--fail-on-severity LEVEL` (parley run, parley evaluate): one of low, medium, high, critical. */
export function parseSeverity(v: string): Severity {
  if (!(SEVERITIES as readonly string[]).includes(v))
    throw new CliError(`--fail-on-severity: expected one of ${SEVERITIES.join(', ')}, got "${v}"`);
  return v as Severity;
}
