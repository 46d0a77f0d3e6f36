/**
 * The project file (`parley.config.json`, docs/project-file.md): found in a folder or the nearest folder
 * above it, read within the import limit, validated with its zod schema (every error names the file, the
 * JSON path and what was expected; unknown keys by name), and written by `parley init` with the bundled
 * example filled in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_FILE_NAME, ProjectConfig, parseModelSpec, type ModelSpec } from '../../../src-shared/schemas/index.js';
import { zodIssuesToIssues } from '../../formats/shared/zod-issues.js';
import { displayPath } from '../../formats/shared/json-path.js';
import { AppError, invalid } from '../errors.js';
import { FileRefusal, readImportText } from '../agents/input-files.js';

export { PROJECT_FILE_NAME };

export interface ProjectFile {
  /** The file's absolute path (recorded with every run started from it). */
  file: string;
  config: ProjectConfig;
}

/** The project file in `dir` or the nearest folder above it; undefined when there is none up to the root. */
export function findProjectFile(dir: string): string | undefined {
  let cur = path.resolve(dir);
  for (;;) {
    const candidate = path.join(cur, PROJECT_FILE_NAME);
    if (fs.existsSync(candidate)) return candidate;
    const up = path.dirname(cur);
    if (up === cur) return undefined;
    cur = up;
  }
}

/** A bad project file: the first problem in the message (file, JSON path, what was expected), all of them in `issues`. */
const badFile = (file: string, issues: { path: string; message: string }[]) =>
  new AppError({
    code: 'invalid_input',
    message: `${file}: ${displayPath(issues[0].path)}: ${issues[0].message}`,
    file,
    issues: issues.map((i) => ({ ...i, file })),
  });

/** Reads and validates a project file; paths in it become absolute (relative to the file's folder). */
export function readProjectFile(file: string): ProjectFile {
  const abs = path.resolve(file);
  let text: string;
  try {
    text = readImportText(abs, 'the project file');
  } catch (e) {
    throw badFile(abs, [{ path: '', message: e instanceof FileRefusal ? e.detail : (e as Error).message }]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw badFile(abs, [{ path: '', message: `not valid JSON: ${(e as Error).message}` }]);
  }
  const parsed = ProjectConfig.safeParse(data);
  if (!parsed.success) {
    const issues = zodIssuesToIssues(parsed.error, { file: abs, input: data });
    throw badFile(abs, issues);
  }
  return { file: abs, config: withAbsolutePaths(parsed.data, path.dirname(abs)) };
}

/** A path relative to the project file's folder (a stored agent or suite name that is no file stays as it is). */
function fromDir(dir: string, ref: string): string {
  if (path.isAbsolute(ref)) return ref;
  const candidate = path.join(dir, ref);
  return fs.existsSync(candidate) ? candidate : ref;
}

/** scripted: and llama-cpp: name files; relative ones are the project file's folder's. */
function specFromDir(dir: string, text: string): string {
  const spec = parseModelSpec(text);
  if ((spec.provider === 'scripted' || spec.provider === 'llama-cpp') && !path.isAbsolute(spec.model))
    return `${spec.provider}:${path.join(dir, spec.model)}`;
  return text;
}

function withAbsolutePaths(c: ProjectConfig, dir: string): ProjectConfig {
  const agents = Array.isArray(c.models.agent) ? c.models.agent : [c.models.agent];
  return {
    ...c,
    agent: fromDir(dir, c.agent),
    tests: fromDir(dir, c.tests),
    models: {
      ...c.models,
      agent: agents.map((s) => specFromDir(dir, s)),
      ...(c.models.caller ? { caller: specFromDir(dir, c.models.caller) } : {}),
      ...(c.models.judge ? { judge: specFromDir(dir, c.models.judge) } : {}),
    },
  };
}

/** A role's spec from the project file, with the file's params for that role laid over the spec's own. */
export function projectSpec(c: ProjectConfig, role: 'caller' | 'judge'): ModelSpec | undefined;
export function projectSpec(c: ProjectConfig, role: 'agent'): ModelSpec[];
export function projectSpec(c: ProjectConfig, role: 'agent' | 'caller' | 'judge'): ModelSpec[] | ModelSpec | undefined {
  const params = c.models.params?.[role];
  const withParams = (text: string): ModelSpec => {
    const spec = parseModelSpec(text);
    return params ? { ...spec, params: { ...spec.params, ...params } } : spec;
  };
  if (role === 'agent') return (Array.isArray(c.models.agent) ? c.models.agent : [c.models.agent]).map(withParams);
  const text = c.models[role];
  return text ? withParams(text) : undefined;
}

/** resources/example next to the installation (source tree or bundled), found by walking up from this file. */
export function bundledExampleDir(): string | undefined {
  const rp = (process as { resourcesPath?: string }).resourcesPath;
  const candidates = rp ? [path.join(rp, 'resources', 'example'), path.join(rp, 'example')] : [];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, 'resources', 'example'));
    dir = path.dirname(dir);
  }
  return candidates.find((c) => fs.existsSync(path.join(c, 'agent.json')));
}

/** The project file `parley init` writes: the bundled example agent, suite and scripted model, so it runs at once. */
export function exampleProjectConfig(): ProjectConfig {
  const dir = bundledExampleDir();
  if (!dir) throw invalid('the bundled example (resources/example/) is missing from this installation', 'project_file');
  return {
    agent: path.join(dir, 'agent.json'),
    tests: path.join(dir, 'suite.json'),
    models: { agent: `scripted:${path.join(dir, 'scripted-model.json')}` },
    options: { concurrency: 4 },
  };
}

/** Writes `parley.config.json` in `dir`; refuses to replace one unless `force`. */
export function writeProjectFile(dir: string, o: { force?: boolean } = {}): { file: string; replaced: boolean } {
  const file = path.join(path.resolve(dir), PROJECT_FILE_NAME);
  const exists = fs.existsSync(file);
  if (exists && !o.force)
    throw new AppError({
      code: 'conflict',
      message: `${file} already exists (replacing it needs force)`,
      path: 'force',
    });
  const config = exampleProjectConfig();
  // what is written must read back: the same schema checks both sides
  ProjectConfig.parse(config);
  fs.writeFileSync(file, JSON.stringify(config, null, 2) + '\n');
  return { file, replaced: exists };
}
