import type { Run } from '../../src-shared/schemas/index.js';

/**
 * What a run was configured with, in words a person compares: the model of each role (caller and
 * judge fall back to the agent model, as the engine does), each role's parameters, and the run
 * options that change what is measured. Pure; used by the compare header, the N-way matrix columns
 * and `parley diff`.
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
  /** true when the run did not name a model for this role and it used the agent model. */
  inherited: boolean;
  /** The parameters asked for (temperature, seed, context_size...), only those that were set. */
  params: Record<string, string>;
}

export interface RunConfig {
  agent: RoleConfig | null;
  caller: RoleConfig | null;
  judge: RoleConfig | null;
  /** Options that change what is measured (repeats, max turns, personas...), set ones only. */
  options: Record<string, string>;
  /** The agent's version label (v3) or id. */
  agent_version: string;
}

/** One way two run configurations differ: `field` reads as "agent model parameters context_size". */
export interface ConfigDifference {
  field: string;
  a: string;
  b: string;
}

/** One way N runs differ: the value of `field` for each run, in column order. */
export interface ConfigSpread {
  field: string;
  values: string[];
}

const baseName = (p: string) => p.split(/[\\/]/).pop() || p;
const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

function roleConfig(m: Run['models']['agent'], inherited: boolean): RoleConfig | null {
  if (!m) return null;
  const { spec, identity } = m;
  const file = spec.provider === 'llama-cpp' || spec.provider === 'scripted';
  const label = identity
    ? identity.quantization && !identity.name.includes(identity.quantization)
      ? `${identity.name} ${identity.quantization}`
      : identity.name
    : `${spec.provider}:${file ? baseName(spec.model) : spec.model}`;
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

/** The configuration of a run; `agentVersion` is the version number when the store was read. */
export function runConfig(run: Run, agentVersion: number | null = null): RunConfig {
  const agent = roleConfig(run.models.agent, false);
  const o = run.options;
  const options: Record<string, string> = {};
  if (o.repeats !== undefined) options.repeats = String(o.repeats);
  if (o.max_turns !== undefined) options['max turns'] = String(o.max_turns);
  if (o.tests?.length) options.tests = o.tests.join(', ');
  if (o.personas?.length) options.personas = o.personas.join(', ');
  if (o.turn_quality) options['turn quality'] = 'on';
  if (o.test_model_precedence) options["tests' own models"] = 'on';
  // a run stores the caller and judge even when they followed the agent model: the same spec reads "same as agent"
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
    agent_version: agentVersion !== null ? `v${agentVersion}` : run.agent_version_id,
  };
}

/** Every field of a configuration as `field -> value`, in reading order (models, parameters, options, version). */
/** `inherited`: the value follows the agent model's (a caller or judge the run did not name). */
type Field = { value: string; key: string; source?: string; inherited?: boolean };

function fields(c: RunConfig): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const role of ROLES) {
    const r = c[role];
    const inherited = role !== 'agent' && r?.inherited;
    out.set(`${role} model`, { value: r?.label ?? 'none', key: r?.key ?? '', source: r?.source, inherited });
  }
  for (const role of ROLES) {
    const r = c[role];
    const inherited = role !== 'agent' && r?.inherited;
    for (const [k, v] of Object.entries(r?.params ?? {}))
      out.set(`${role} model parameters ${k}`, { value: v, key: v, inherited });
  }
  for (const [k, v] of Object.entries(c.options)) out.set(k, { value: v, key: v });
  out.set('agent version', { value: c.agent_version, key: c.agent_version });
  return out;
}

/** Adds the fields one side lacks (an unset parameter reads "default"). */
function allFields(configs: RunConfig[]): { names: string[]; maps: Map<string, Field>[] } {
  const maps = configs.map(fields);
  const names: string[] = [];
  for (const m of maps) for (const k of m.keys()) if (!names.includes(k)) names.push(k);
  const last = (n: string) => (n === 'agent version' ? 1 : 0);
  return { names: names.sort((x, y) => last(x) - last(y)), maps };
}

const missing = (name: string, c: RunConfig): Field => ({
  value: name.includes(' parameters ') ? 'default' : 'not set',
  key: '',
  inherited: ROLES.some((r) => r !== 'agent' && name.startsWith(`${r} model`) && c[r]?.inherited),
});

/** How configuration B differs from A, field by field (models first); empty when they match. */
export function configDifferences(a: RunConfig, b: RunConfig): ConfigDifference[] {
  const { names, maps } = allFields([a, b]);
  const out: ConfigDifference[] = [];
  for (const name of names) {
    const x = maps[0].get(name) ?? missing(name, a);
    const y = maps[1].get(name) ?? missing(name, b);
    // a caller or judge that follows the agent model on both sides repeats the agent's difference
    if (x.key === y.key || (x.inherited && y.inherited)) continue;
    // same label, another file or digest: name the source rather than print "x -> x"
    const same = x.value === y.value;
    out.push({
      field: name,
      a: same ? `${x.value} (${x.source})` : x.value,
      b: same ? `${y.value} (${y.source})` : y.value,
    });
  }
  return out;
}

/** Fields whose value is not the same in every configuration, with each run's value. */
export function configSpread(configs: RunConfig[]): ConfigSpread[] {
  const { names, maps } = allFields(configs);
  const out: ConfigSpread[] = [];
  for (const name of names) {
    const vals = maps.map((m, i) => m.get(name) ?? missing(name, configs[i]));
    if (new Set(vals.map((v) => v.key)).size < 2 || vals.every((v) => v.inherited)) continue;
    const sameLabel = new Set(vals.map((v) => v.value)).size < 2;
    out.push({ field: name, values: vals.map((v) => (sameLabel && v.source ? `${v.value} (${v.source})` : v.value)) });
  }
  return out;
}

/** "A and B differ in: agent model parameters context_size 2048 -> 8192; judge model x -> y" */
export function differLine(diffs: ConfigDifference[], a = 'A', b = 'B'): string {
  if (!diffs.length) return `${a} and ${b} ran with the same configuration.`;
  return `${a} and ${b} differ in: ${diffs.map((d) => `${d.field} ${d.a} -> ${d.b}`).join('; ')}`;
}

/** The models of a configuration as one line: "agent X · caller Y · judge Z" ("same" when inherited). */
export function modelsLine(c: RunConfig): string {
  return ROLES.map((r) => {
    const x = c[r];
    if (!x) return `${r} none`;
    return r !== 'agent' && x.inherited ? `${r} same as agent` : `${r} ${x.label}`;
  }).join(' · ');
}
