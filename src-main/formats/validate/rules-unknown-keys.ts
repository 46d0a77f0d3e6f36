import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { unknownKeyMessage, unknownKeys } from '../../../src-shared/schemas/unknown-keys.js';
import type { Issue } from '../types.js';

/**
 * Keys of Parley's own agent and suite files that no check reads (src-shared/schemas/unknown-keys.ts):
 * an error inside a suite's test (a misspelled assertion would make the test assert nothing), a
 * warning anywhere else. Files of other platforms keep their unknown keys as source metadata, so only
 * the `parley` and `parley-suite` formats are checked. `mapPath` turns a path in the read value into
 * a path in the file (`agent.nodes[0]...` when the file wraps the graph).
 */
export function ownFileKeyIssues(
  format: string,
  value: unknown,
  file: string,
  mapPath: (graphPath: string) => string,
): Issue[] {
  const schema = format === 'parley' ? AgentGraph : format === 'parley-suite' ? TestSuite : undefined;
  if (!schema) return [];
  return unknownKeys(schema, value).map((u) => {
    const severity = format === 'parley-suite' && u.path.startsWith('tests[') ? 'error' : 'warning';
    return { severity, file, path: mapPath(u.path), message: unknownKeyMessage(u, severity) };
  });
}
