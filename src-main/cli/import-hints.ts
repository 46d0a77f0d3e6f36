import type { AgentGraph } from '../../src-shared/schemas/index.js';
import { dropDanglingTransitions } from '../formats/drop-dangling.js';
import { parseAgentFile } from '../formats/parse-file.js';

const shellArg = (s: string) => (/^[\w./:@-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * What `parley import` tells a person about a file that parsed into a graph with errors: whether
 * `--drop-dangling` would make it importable, and how to fix it on the canvas instead.
 */
export function fixHints(text: string, file: string, graph: AgentGraph): string[] {
  const n = dropDanglingTransitions(graph).dropped.length;
  const what = n === 1 ? '1 transition to a missing node' : `${n} transitions to missing nodes`;
  const hints: string[] = ['What to do:'];
  if (n) {
    const enough = parseAgentFile(text, file, { dropDangling: true }).ok;
    hints.push(
      enough
        ? `- import it without the ${what}: parley import ${shellArg(file)} --drop-dangling (each dropped transition is listed)`
        : `- --drop-dangling would remove the ${what}, but other errors would remain; fix those first`,
    );
  }
  hints.push(
    `- or fix it on the canvas: start the app (parley serve), drop the file on the Agents page and choose "Open in the editor to fix"; the agent is created when a valid graph is saved`,
    `- or correct the file at the paths above and import it again`,
  );
  return hints;
}
