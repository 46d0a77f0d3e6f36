import type { WordDiffPart } from '../../../src-shared/contract/speech.js';
import { plural } from '../../../src-shared/text/plural.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The Speech test's verdict in words, from the word diff of what was said and what was heard: how many
 * of the said words were lost, and what that means for checking what a caller hears. (Over half lost:
 * audio verdicts on this pair would be noise.) Used when the API gives no verdict of its own.
 */
export function speechVerdict(diff: WordDiffPart[]): { text: string; usable: boolean } {
  const said = diff.filter((p) => p.op !== 'heard').reduce((n, p) => n + words(p.text), 0);
  const lost = diff.filter((p) => p.op === 'said').reduce((n, p) => n + words(p.text), 0);
  if (!said) return { text: 'nothing was said: type a sentence to test', usable: false };
  if (!lost)
    return {
      text: `this pair kept every word (${said} of ${said}): usable to check what a caller hears`,
      usable: true,
    };
  const share = lost / said;
  const head = `this pair lost ${lost} of ${plural(said, 'word')}`;
  if (share <= 0.1)
    return { text: `${head}: usable to check what a caller hears, with a few mishearings`, usable: true };
  if (share <= 0.5)
    return {
      text: `${head}: usable with care: some audio failures will be the recogniser's, not the agent's`,
      usable: true,
    };
  return { text: `${head}: not usable to check what a caller hears`, usable: false };
}
