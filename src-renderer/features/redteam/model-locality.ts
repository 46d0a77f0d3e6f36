import { isLoopbackUrl } from '../../../src-shared/net/loopback.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/index.js';

/** Whether a model runs on this machine: llama.cpp and scripted always; Ollama or an OpenAI-style server on localhost. */
export function isLocalModel(spec: ModelSpecInput): boolean {
  if (spec.provider === 'llama-cpp' || spec.provider === 'scripted') return true;
  const endpoints = spec.endpoints ?? [];
  if (spec.provider === 'ollama') return endpoints.every(isLoopbackUrl);
  return endpoints.length > 0 && endpoints.every(isLoopbackUrl);
}

/**
 * The test fixture's file names (tests/fixtures/tiny-gguf: `tiny-<seed>[-suffix].gguf`, general.name `tiny-test`);
 * a real small model (TinyLlama, tinydolphin) is not it.
 */
const TINY_TEST_GGUF = /^tiny-(test|\d+)(-[a-z0-9]+)*\.gguf$/i;

/** A model whose verdicts mean nothing: a scripted one (answers written in advance) or the tiny test GGUF. */
export function demoModelReason(spec: ModelSpecInput): string | undefined {
  if (spec.provider === 'scripted')
    return 'scripted: its answers were written in advance, so this is a demo and its verdicts mean nothing';
  if (spec.provider === 'llama-cpp' && TINY_TEST_GGUF.test(spec.model.split(/[\\/]/).pop() ?? ''))
    return 'the tiny test model: the run shows the mechanics, its verdicts mean nothing';
  return undefined;
}

/** "agent model", "agent and judge models", "agent, attacker and judge models". */
function joinRoles(roles: string[]): string {
  if (roles.length === 1) return roles[0];
  const names = roles.map((r) => r.replace(/ model$/, ''));
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} models`;
}

export interface RoleModel {
  role: string;
  spec: ModelSpecInput | undefined;
}

/** The page's plain statements about the models: where the conversations go, and which verdicts mean nothing. */
export function localityStatements(roles: RoleModel[]): { local: boolean; lines: string[] } {
  const chosen = roles.filter((r): r is { role: string; spec: ModelSpecInput } => !!r.spec?.model);
  if (!chosen.length) return { local: true, lines: [] };
  const remote = chosen.filter((r) => !isLocalModel(r.spec));
  const lines = remote.length
    ? remote.map(
        (r) =>
          `The ${r.role} (${r.spec.provider} ${r.spec.model}) is not on this machine: its prompts and the conversations are sent to ${r.spec.endpoints?.join(', ') || 'its server'}.`,
      )
    : ['Nothing leaves this machine: every model runs here.'];
  const byReason = new Map<string, string[]>();
  for (const r of chosen) {
    const why = demoModelReason(r.spec);
    if (why) byReason.set(why, [...(byReason.get(why) ?? []), r.role]);
  }
  for (const [why, who] of byReason) lines.push(`The ${joinRoles(who)} ${who.length > 1 ? 'are' : 'is'} ${why}.`);
  return { local: !remote.length, lines };
}
