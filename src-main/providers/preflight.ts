/**
 * The pre-run check: every distinct model of a run is loaded (a GGUF's header is read, Ollama is asked
 * for the model, the scripted file is parsed) and every remote endpoint answers one cheap authenticated
 * call (list models, else a 1-token completion), so a wrong key, an unknown model, a server that is
 * not running or a file that is not a GGUF stops the run before it starts, once, in plain words.
 * Where the context size is known it is compared with the run's longest prompts, with a fix that
 * can be applied in one click (a spec with a larger `params.context_size`).
 */
import type { ModelSpec, ProviderId } from '../../src-shared/schemas/index.js';
import type { ModelProblem, PreflightRole } from '../../src-shared/contract/preflight.js';
import { redactUrl } from './shared/redact.js';
import { canonicalSpecKey } from './registry.js';
import type { ChatModel } from './types.js';
import { ProviderError } from './types.js';

/** Every URL in a message with its userinfo and secret query parameters redacted. */
const redactUrlsIn = (text: string) => text.replace(/\bhttps?:\/\/[^\s"'<>]+/g, (u) => redactUrl(u));

export type { ModelProblem, PreflightRole } from '../../src-shared/contract/preflight.js';

export interface PreflightInput {
  models: Partial<Record<PreflightRole, ModelSpec>>;
  /** The run's longest prompts (engine/conversation/prompt-sizes.ts), for the context check. */
  prompts?: CheckedPrompts;
  /**
   * The models answered a check moments ago (its id was passed on): they are only loaded (the
   * registry's copy) and their context compared with the prompts, with no call to any endpoint.
   */
  contextOnly?: boolean;
  signal?: AbortSignal;
}

/** The longest prompts of a run, with where each comes from (named in a context problem). */
export interface CheckedPrompts {
  agent: string;
  caller: string;
  /** The node whose instruction is in `agent`. */
  agentNode?: string;
  /** The test whose caller prompt is `caller`. */
  callerTest?: string;
}

export interface PreflightDeps {
  load(spec: ModelSpec, opts?: { signal?: AbortSignal }): Promise<ChatModel>;
  /** Drops a model that failed its check, so a fixed key or a started server is seen by the next check. */
  forget?(spec: ModelSpec): Promise<void>;
}

/** Room a conversation needs beyond its system prompt to get a few turns in (replies, structured answers). */
export const CONVERSATION_ROOM_TOKENS = 1024;

function fixFor(code: ProviderError['code'] | 'other', provider: ProviderId, model: string): string {
  switch (code) {
    case 'unauthorized':
      return provider === 'openai'
        ? 'Set a valid API key (Models page, or the environment variable the message names) and start the run again.'
        : 'Check the credentials the server expects.';
    case 'connection_refused':
      return provider === 'ollama'
        ? 'Start Ollama (`ollama serve`) or correct the URL.'
        : 'Start the server or correct the base URL.';
    case 'model_not_found':
      return provider === 'ollama'
        ? `Download it with \`ollama pull ${model}\`, or choose a model Ollama lists.`
        : provider === 'llama-cpp'
          ? 'Check the path; the Models page (or `parley models`) lists the GGUF files of a folder.'
          : 'Use a model name the server lists (the Models page, or `parley models`, shows them).';
    case 'invalid_spec':
      return provider === 'llama-cpp' ? 'Choose a .gguf model file.' : 'Correct the model settings.';
    case 'timeout':
    case 'rate_limited':
    case 'server_error':
      return 'The server answered with an error: check that it is healthy (its log), then start the run again.';
    default:
      return 'Correct the model settings and start the run again.';
  }
}

const KIND: Partial<Record<ProviderError['code'], ModelProblem['kind']>> = {
  unauthorized: 'unauthorized',
  connection_refused: 'connection_refused',
  model_not_found: 'model_not_found',
  invalid_spec: 'invalid_model',
};

function problemOf(err: unknown, spec: ModelSpec, roles: PreflightRole[]): ModelProblem {
  const pe = err instanceof ProviderError ? err : undefined;
  return {
    severity: 'error',
    kind: (pe && KIND[pe.code]) ?? 'unavailable',
    roles,
    provider: spec.provider,
    model: spec.model,
    ...(pe?.where
      ? { endpoint: redactUrl(pe.where) }
      : spec.endpoints?.[0]
        ? { endpoint: redactUrl(spec.endpoints[0]) }
        : {}),
    problem: redactUrlsIn((err as Error)?.message ?? String(err)),
    fix: fixFor(pe?.code ?? 'other', spec.provider, spec.model),
  };
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));
const fmt = (n: number) => n.toLocaleString('en-US');

/** Compares a model's context with the longest prompt it will be sent; a problem with a one-click fix when it is small. */
function contextProblem(
  model: ChatModel,
  spec: ModelSpec,
  roles: PreflightRole[],
  prompts: CheckedPrompts,
): ModelProblem | undefined {
  const ctx = model.contextTokens;
  if (!ctx || !model.countTokens) return undefined;
  const agentTokens = roles.includes('agent') ? model.countTokens(prompts.agent) : 0;
  const callerTokens = roles.includes('caller') ? model.countTokens(prompts.caller) : 0;
  const longest = Math.max(agentTokens, callerTokens);
  const need = longest + CONVERSATION_ROOM_TOKENS;
  if (ctx >= need) return undefined;
  const trained = (model as { trainContextSize?: number }).trainContextSize;
  const target = nextPow2(need);
  const fits = !trained || target <= trained;
  const agents = roles.includes('agent') && agentTokens >= callerTokens;
  const who = agents ? "the agent's longest prompt" : "the simulated caller's prompt";
  const where = agents
    ? prompts.agentNode
      ? ` That prompt is the global prompt with node "${prompts.agentNode}"'s instruction.`
      : ''
    : prompts.callerTest
      ? ` That prompt is test "${prompts.callerTest}"'s caller.`
      : '';
  return {
    severity: longest + 64 > ctx ? 'error' : 'warning',
    kind: 'context_too_small',
    roles,
    provider: spec.provider,
    model: spec.model,
    problem:
      longest + 64 > ctx
        ? `This model's context holds ${fmt(ctx)} tokens, but ${who} alone is ${fmt(longest)} tokens: no conversation fits.${where}`
        : `This model's context holds ${fmt(ctx)} tokens and ${who} is ${fmt(longest)} tokens, leaving room for only a few turns: conversations will end early ("context full").${where}`,
    fix: fits
      ? `Use a ${fmt(target)}-token context.`
      : `The file was trained for ${fmt(trained!)} tokens at most: use a model with a larger context, or shorten the prompts.`,
    ...(fits
      ? {
          fix_label: `Use a ${fmt(target)}-token context`,
          fixed_spec: { ...spec, params: { ...spec.params, context_size: target } },
        }
      : {}),
    context: { tokens: ctx, needed: need, ...(trained ? { trained } : {}) },
  };
}

/**
 * Checks the distinct models of a run (caller and judge default to the agent model). Returns the
 * problems, errors first; an empty list means every model answered.
 */
export async function preflightModels(deps: PreflightDeps, input: PreflightInput): Promise<ModelProblem[]> {
  const agent = input.models.agent;
  if (!agent) return [];
  const byKey = new Map<string, { spec: ModelSpec; roles: PreflightRole[] }>();
  for (const role of ['agent', 'caller', 'judge'] as const) {
    const spec = input.models[role] ?? agent;
    const key = canonicalSpecKey(spec);
    const entry = byKey.get(key) ?? { spec, roles: [] };
    entry.roles.push(role);
    byKey.set(key, entry);
  }
  const problems = await Promise.all(
    [...byKey.values()].map(async ({ spec, roles }): Promise<ModelProblem[]> => {
      let model: ChatModel;
      try {
        model = await deps.load(spec, { signal: input.signal });
        if (!input.contextOnly) await model.check?.(input.signal);
      } catch (e) {
        await deps.forget?.(spec).catch(() => undefined);
        return [problemOf(e, spec, roles)];
      }
      const c = input.prompts ? contextProblem(model, spec, roles, input.prompts) : undefined;
      return c ? [c] : [];
    }),
  );
  return problems.flat().sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}

/** One message for the command line: every problem with its model, endpoint and what to do. */
export function preflightText(problems: ModelProblem[]): string {
  return problems
    .map((p) => {
      const names = p.problem.includes(p.model) ? '' : ` ${p.provider}:${p.model}`;
      const where = p.endpoint && !p.problem.includes(p.endpoint) ? ` at ${p.endpoint}` : '';
      return `${p.severity} (${p.roles.join(', ')} model${names}${where}): ${p.problem}\n  what to do: ${p.fix}`;
    })
    .join('\n');
}
