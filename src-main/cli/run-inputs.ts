/** What `parley run --agent` and `--tests` name: a stored agent or suite, or a file (an agent file is stored as a new version). */
import fs from 'node:fs';
import type { TestSuite } from '../../src-shared/schemas/index.js';
import { FileRefusal, readImportText, resolveAgentVersion, runAgentOf } from '../app/index.js';
import type { RunAgent } from '../engine/index.js';
import { nameFromFile, parseAgentFile } from '../formats/index.js';
import type { Store } from '../store/index.js';
import { CliError } from './errors.js';
import { info } from './output.js';

/** A file named by a flag, read within the import limit (fstat first); a refusal names the flag. */
function readInput(file: string, flag: string): string {
  try {
    return readImportText(file);
  } catch (e) {
    if (e instanceof FileRefusal) throw new CliError(`${flag}: ${e.message}`);
    throw e;
  }
}

const issuesText = (issues: { file: string; path: string; message: string }[]) =>
  issues.map((i) => `${i.file}: ${i.path || '(top level)'}: ${i.message}`).join('\n');

/** `--agent`: a stored agent (id or unique name), else an agent file stored as a new version of the agent with its name. */
export function resolveAgent(store: Store, ref: string): RunAgent {
  let found;
  try {
    found = store.agents.find(ref);
  } catch (e) {
    throw new CliError(`--agent: ${(e as Error).message}`);
  }
  if (found) return runAgentOf(resolveAgentVersion(store, found.id));
  if (!fs.existsSync(ref) || !fs.statSync(ref).isFile())
    throw new CliError(`--agent: "${ref}" is neither a stored agent (id or unique name) nor a file`);
  const parsed = parseAgentFile(readInput(ref, '--agent'), ref);
  if (!parsed.ok) throw new CliError(issuesText(parsed.errors));
  if (parsed.kind !== 'agent')
    throw new CliError(`--agent: ${ref} is a test suite file (${parsed.format}), expected an agent`);
  if (parsed.warnings.length)
    info(
      issuesText(parsed.warnings)
        .split('\n')
        .map((l) => `warning: ${l}`)
        .join('\n'),
    );
  const name = parsed.graph.name || nameFromFile(ref);
  let existing;
  try {
    existing = store.agents.find(name);
  } catch {
    existing = undefined;
  }
  if (existing) {
    const { version, created } = store.agents.saveVersion(existing.id, { ...parsed.graph, name }, `parley run ${ref}`);
    info(
      `agent ${name} (${existing.id}): ${created ? `stored ${ref} as version v${version.version}` : `unchanged, version v${version.version}`}`,
    );
    return { id: existing.id, version_id: version.id, name, graph: version.graph };
  }
  const { agent, version } = store.agents.create(parsed.graph, { name, note: `imported by parley run from ${ref}` });
  info(`agent ${name}: imported ${ref} as ${agent.id}`);
  return { id: agent.id, version_id: version.id, name, graph: version.graph };
}

/** `--tests`: a test file (Parley suite or voicetest test list), else a stored suite (id or unique name). */
export function resolveTests(store: Store, ref: string): { id: string | null; name: string; data: TestSuite } {
  if (fs.existsSync(ref) && fs.statSync(ref).isFile()) {
    const parsed = parseAgentFile(readInput(ref, '--tests'), ref);
    if (!parsed.ok) throw new CliError(issuesText(parsed.errors));
    if (parsed.kind !== 'suite')
      throw new CliError(`--tests: ${ref} is an agent file (${parsed.format}), expected tests`);
    return { id: null, name: parsed.suite.name || nameFromFile(ref), data: parsed.suite };
  }
  let stored;
  try {
    stored = store.suites.find(ref);
  } catch (e) {
    throw new CliError(`--tests: ${(e as Error).message}`);
  }
  if (!stored) throw new CliError(`--tests: "${ref}" is neither a file nor a stored suite`);
  return { id: stored.id, name: stored.name, data: stored.data };
}
