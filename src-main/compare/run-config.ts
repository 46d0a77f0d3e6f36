import type { Run, RunOptions, RunSpeechOptions } from '../../src-shared/schemas/index.js';
import { speechEngineName } from '../../src-shared/run/speech-label.js';
import { differencePhrases } from '../../src-shared/run/config-phrases.js';
import { modelLabel } from '../../src-shared/text/model-name.js';

export { differencePhrases, groupedSpread } from '../../src-shared/run/config-phrases.js';

/**
 * What a run was configured with, in words a person compares: the model each role actually ran on
 * (a caller or judge the run did not name ran on the agent model: that model is named, marked
 * "same as agent"), each role's parameters, the speech settings and every run option that changes
 * what is measured. Pure; used by the compare header, the N-way matrix columns and `parley diff`.
 */

export const ROLES = ['agent', 'caller', 'judge'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleConfig {
  /** identity name (+ quantization), else PROVIDER:MODEL with paths cut to the file name. */
  label: string;
  /** Tells two models apart even when their labels match: provider, model, digest. */
  key: string;
  /** Where it came from when labels match: the digest (shortened) or the model path/name. */
  source: string;
  /** true when the role ran on the agent model (the run did not name another one). */
  inherited: boolean;
  /** The parameters it ran with (temperature, seed, context_size...), only those that were set. */
  params: Record<string, string>;
}

export interface RunConfig {
  agent: RoleConfig | null;
  caller: RoleConfig | null;
  judge: RoleConfig | null;
  /** Run options that change what is measured (repeats, max turns, personas...), set ones only. */
  options: Record<string, string>;
  /** Speech settings (audio evaluation, caller via speech recognition, engines, phone noise), set ones only. */
  speech: Record<string, string>;
  /** The agent's version label (v3) or id. */
  agent_version: string;
}

/** What a configuration field is about: comparability rules read it (a judge model or parameter change). */
export type ConfigKind = 'model' | 'parameter' | 'speech' | 'option' | 'version';

/** One way two run configurations differ: `field` reads as "agent model parameters context_size". */
export interface ConfigDifference {
  field: string;
  a: string;
  b: string;
  kind: ConfigKind;
  /** The role of a model or parameter difference. */
  role?: Role;
}

/** One way N runs differ: the value of `field` for each run, in column order. */
export interface ConfigSpread {
  field: string;
  values: string[];
  kind: ConfigKind;
  role?: Role;
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

function roleConfig(m: Run['models']['agent'], inherited: boolean): RoleConfig | null {
  if (!m) return null;
  const { spec, identity } = m;
  const label = modelLabel(spec, identity);
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.params ?? {}).sort(([x], [y]) => x.localeCompare(y)))
    if (v !== undefined) params[k] = show(v);
  return {
    label,
    key: [spec.provider, spec.model, identity?.digest ?? ''].join('|'),
    source: identity?.digest ? identity.digest.replace(/^(sha256:)?(.{12}).*$/, '$1$2') : spec.model,
    inherited,
    params,
  };
}

/**
 * Every run option, in words, with what an unset one means; options absent here are listed in
 * OPTIONS_LEFT_OUT with the reason (tests/unit/compare/run-config.test.ts checks that each is one or the other).
 */
export const OPTION_FIELDS: {
  [K in Exclude<keyof RunOptions, 'speech'>]?: {
    name: string;
    unset: string;
    show: (v: NonNullable<RunOptions[K]>) => string;
  };
} = {
  concurrency: { name: 'concurrency', unset: '4', show: String },
  repeats: { name: 'repeats', unset: "the tests' own", show: String },
  max_turns: { name: 'max turns', unset: "the tests' own", show: String },
  tests: { name: 'tests', unset: 'all', show: (v) => v.join(', ') },
  personas: { name: 'personas', unset: 'none', show: (v) => v.join(', ') },
  turn_quality: { name: 'turn quality', unset: 'off', show: (v) => (v ? 'on' : 'off') },
  context: { name: 'full context', unset: 'end', show: String },
  test_model_precedence: { name: "tests' own models", unset: 'off', show: (v) => (v ? 'on' : 'off') },
  shard: { name: 'shard', unset: 'whole suite', show: (v) => `${v.index}/${v.count}` },
  caller_fidelity: { name: 'caller fidelity check', unset: 'off', show: (v) => (v ? 'on' : 'off') },
  judge_repeats: { name: 'judge repeats', unset: '1', show: String },
  judge_reasoning: { name: 'judge reasoning', unset: 'short', show: String },
  latency_budget: { name: 'latency budget', unset: 'none', show: (v) => JSON.stringify(v) },
  perturbations: { name: 'caller behaviours', unset: 'none', show: (v) => JSON.stringify(v) },
  redaction: { name: 'personal data', unset: 'not recorded', show: (v) => (v.applied ? 'redacted' : 'not redacted') },
};

/** Run options deliberately not compared, with the reason. */
export const OPTIONS_LEFT_OUT: Partial<Record<keyof RunOptions, string>> = {
  fail_on_severity: 'a gate applied after the run (exit code): it changes no result',
  merged_from: "a merged run holds its shards' conversations: the shards ran with the run's own options",
  copied_from:
    'where the run was copied from (another database file) changes no result; the report names it, and its stored specs are not reused',
  copied_run: 'which shard run a merged copy came from (so a repeated merge copies nothing) changes no result',
  project_file: 'the project file the settings were read from: the settings themselves are compared',
};

/** The speech settings in words (the engines by the identity recorded when the run started). */
function speechConfig(s: RunSpeechOptions | undefined): Record<string, string> {
  if (!s || (!s.audio_eval && !s.caller_speech)) return {};
  const out: Record<string, string> = {};
  if (s.audio_eval) out['audio evaluation'] = 'on';
  if (s.caller_speech) out['caller via speech recognition'] = 'on';
  const tts = speechEngineName(s.tts, s.engines?.tts);
  const stt = speechEngineName(s.stt, s.engines?.stt);
  if (tts) out['text to speech'] = tts;
  if (stt) out['speech recognition'] = stt;
  if (s.phone_noise !== undefined) out['phone line noise'] = String(s.phone_noise);
  return out;
}

/** The configuration of a run; `agentVersion` is the version number when the store was read. */
export function runConfig(run: Run, agentVersion: number | null = null): RunConfig {
  const agent = roleConfig(run.models.agent, false);
  const options: Record<string, string> = {};
  for (const [k, f] of Object.entries(OPTION_FIELDS) as [
    keyof typeof OPTION_FIELDS,
    { name: string; show: (v: unknown) => string },
  ][]) {
    const v = run.options[k];
    if (v === undefined || (Array.isArray(v) && !v.length)) continue;
    options[f.name] = f.show(v);
  }
  // a run stores the caller and judge even when they followed the agent model: the same spec is marked "same as agent"
  const role = (m: Run['models']['caller']) => {
    const r = m ? roleConfig(m, false) : null;
    if (!agent) return r;
    if (!r || (r.key === agent.key && JSON.stringify(r.params) === JSON.stringify(agent.params)))
      return { ...agent, inherited: true };
    return r;
  };
  return {
    agent,
    caller: role(run.models.caller),
    judge: role(run.models.judge),
    options,
    speech: speechConfig(run.options.speech),
    agent_version: agentVersion !== null ? `v${agentVersion}` : run.agent_version_id,
  };
}

/** One field of a configuration: `key` decides equality, `value` is what is shown. */
interface Field {
  value: string;
  key: string;
  source?: string;
  kind: ConfigKind;
  role?: Role;
}

/** Every field of a configuration as `field -> value`, in reading order (models, parameters, speech, options, version). */
function fields(c: RunConfig): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const role of ROLES) {
    const r = c[role];
    out.set(`${role} model`, { value: r?.label ?? 'none', key: r?.key ?? '', source: r?.source, kind: 'model', role });
  }
  for (const role of ROLES)
    for (const [k, v] of Object.entries(c[role]?.params ?? {}))
      out.set(`${role} model parameters ${k}`, { value: v, key: v, kind: 'parameter', role });
  for (const [k, v] of Object.entries(c.speech ?? {})) out.set(k, { value: v, key: v, kind: 'speech' });
  for (const [k, v] of Object.entries(c.options)) out.set(k, { value: v, key: v, kind: 'option' });
  out.set('agent version', { value: c.agent_version, key: c.agent_version, kind: 'version' });
  return out;
}

const UNSET_OPTION = new Map(Object.values(OPTION_FIELDS).map((f) => [f.name, f.unset]));

/** What a field one side lacks means: an unset parameter is the model's default, an unset option its default. */
function missing(name: string): Field {
  const role = ROLES.find((r) => name.startsWith(`${r} model`));
  if (name.includes(' parameters ')) return { value: 'default', key: '', kind: 'parameter', role };
  if (UNSET_OPTION.has(name)) return { value: UNSET_OPTION.get(name)!, key: '', kind: 'option' };
  return { value: 'off', key: '', kind: 'speech' };
}

/** The field names of several configurations, the agent version last. */
function allFields(configs: RunConfig[]): { names: string[]; maps: Map<string, Field>[] } {
  const maps = configs.map(fields);
  const names: string[] = [];
  for (const m of maps) for (const k of m.keys()) if (!names.includes(k)) names.push(k);
  const last = (n: string) => (n === 'agent version' ? 1 : 0);
  return { names: names.sort((x, y) => last(x) - last(y)), maps };
}

const tagOf = (f: Field) => ({ kind: f.kind, ...(f.role ? { role: f.role } : {}) });

/**
 * How configuration B differs from A, field by field (models first); empty when they match. Every
 * role is compared on the model it ran on: a judge that followed the agent model changes with it.
 */
export function configDifferences(a: RunConfig, b: RunConfig): ConfigDifference[] {
  const { names, maps } = allFields([a, b]);
  const out: ConfigDifference[] = [];
  for (const name of names) {
    const x = maps[0].get(name) ?? missing(name);
    const y = maps[1].get(name) ?? missing(name);
    if (x.key === y.key) continue;
    // same label, another file or digest: name the source rather than print "x -> x"
    const same = x.value === y.value;
    out.push({
      field: name,
      a: same ? `${x.value} (${x.source})` : x.value,
      b: same ? `${y.value} (${y.source})` : y.value,
      ...tagOf(x.kind === 'model' || x.kind === 'parameter' ? x : y),
    });
  }
  return out;
}

/** Fields whose value is not the same in every configuration, with each run's value. */
export function configSpread(configs: RunConfig[]): ConfigSpread[] {
  const { names, maps } = allFields(configs);
  const out: ConfigSpread[] = [];
  for (const name of names) {
    const vals = maps.map((m) => m.get(name) ?? missing(name));
    if (new Set(vals.map((v) => v.key)).size < 2) continue;
    const sameLabel = new Set(vals.map((v) => v.value)).size < 2;
    out.push({
      field: name,
      values: vals.map((v) => (sameLabel && v.source ? `${v.value} (${v.source})` : v.value)),
      ...tagOf(vals.find((v) => v.role) ?? vals[0]),
    });
  }
  return out;
}

/** "A and B differ in: agent model parameters context_size 2048 -> 8192; judge model x -> y" */
export function differLine(diffs: ConfigDifference[], a = 'A', b = 'B'): string {
  if (!diffs.length) return `${a} and ${b} ran with the same configuration.`;
  return `${a} and ${b} differ in: ${differencePhrases(diffs).join('; ')}`;
}

/** The models of a configuration as one line: "agent X · caller X (same as agent) · judge Z". */
export function modelsLine(c: RunConfig): string {
  return ROLES.map((r) => {
    const x = c[r];
    if (!x) return `${r} none`;
    return r !== 'agent' && x.inherited ? `${r} ${x.label} (same as agent)` : `${r} ${x.label}`;
  }).join(' · ');
}
