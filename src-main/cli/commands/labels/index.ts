import type { Command } from 'commander';
import { registerLabelsAgreement } from './agreement.js';
import { registerLabelsFiles } from './files.js';
import { registerLabelsList } from './list.js';
import { registerLabelsSet } from './set.js';

/** `parley labels ...`: human labels of metric verdicts and how far each judge agrees with them. */
export function registerLabels(program: Command): void {
  const labels = program
    .command('labels')
    .description(
      'human labels of metric verdicts: set and list them, see how far each judge agrees with the reviewers, share them as JSON',
    );
  registerLabelsList(labels);
  registerLabelsSet(labels);
  registerLabelsAgreement(labels);
  registerLabelsFiles(labels);
}
