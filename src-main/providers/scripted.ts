import { FileRefusal, readFileBounded } from '../files/bounded-file.js';
import { MAX_SCRIPTED_MODEL_BYTES, truncateForMessage } from '../../src-shared/limits.js';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ModelSpec, type ModelIdentity, type ModelSpecInput } from '../../src-shared/schemas/index.js';
import { ProviderError, type ChatModel, type ModelSession, type Provider } from './types.js';
import { parseScript, type ParsedScript, type ScriptInput } from './scripted/script.js';
import { ScriptedSession } from './scripted/session.js';

export { parseScript, type ScriptInput, type ScriptRule } from './scripted/script.js';
export { defaultForSchema } from './scripted/schema-default.js';

/**
 * A deterministic model driven by a script (docs/scripted-model.md): per-purpose reply lists consumed
 * in order per session, rules matched on the messages, and schema-derived defaults when a list runs
 * out. Tokens are counted as whitespace-separated words; the prefix shared with the session's
 * previous call counts as cached, the way a KV cache would reuse it.
 */
class ScriptedModel implements ChatModel {
  readonly maxParallel = 64;
  private sessions = new Set<ScriptedSession>();

  constructor(
    readonly spec: ModelSpec,
    private readonly script: ParsedScript,
    private readonly digest: string,
  ) {}

  async identity(): Promise<ModelIdentity> {
    return {
      provider: 'scripted',
      name: this.script.name ?? path.basename(this.spec.model),
      digest: this.digest,
      params: this.spec.params,
    };
  }

  async openSession(): Promise<ModelSession> {
    const s = new ScriptedSession(this.script, this.spec, (done) => this.sessions.delete(done));
    this.sessions.add(s);
    return s;
  }

  async close(): Promise<void> {
    for (const s of [...this.sessions]) await s.dispose();
  }
}

const sha256 = (data: string | Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`;

/** An in-memory scripted model (tests). `name` defaults to the script's name or "inline". */
export function scriptedModel(script: ScriptInput, spec: Partial<ModelSpecInput> = {}): ChatModel {
  const parsed = parseScript(script, 'scripted model');
  const json = JSON.stringify(script);
  const full = ModelSpec.parse({ ...spec, provider: 'scripted', model: spec.model ?? parsed.name ?? 'inline' });
  return new ScriptedModel(full, parsed, sha256(json));
}

export const scriptedProvider: Provider = {
  id: 'scripted',
  async load(spec: ModelSpec): Promise<ChatModel> {
    let bytes: Buffer;
    try {
      // fstat first: /dev/zero, a pipe or a 2 GB file is refused before a byte is read
      bytes = await readFileBounded(spec.model, { maxBytes: MAX_SCRIPTED_MODEL_BYTES, what: 'scripted model file' });
    } catch (e) {
      if (!(e instanceof FileRefusal)) throw e;
      throw new ProviderError(
        e.code === 'not_found' ? `scripted model file ${truncateForMessage(spec.model)}: not found` : e.message,
        e.code === 'not_found' ? 'model_not_found' : 'invalid_spec',
        'scripted',
        spec.model,
        spec.model,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      // never quote the file: a test file may name any file on the machine
      throw new ProviderError(
        `scripted model file ${truncateForMessage(spec.model)}: not valid JSON; expected a scripted model (a JSON object of rules and defaults)`,
        'invalid_spec',
        'scripted',
        spec.model,
        spec.model,
      );
    }
    let parsed: ParsedScript;
    try {
      parsed = parseScript(json, `scripted model file ${spec.model}`);
    } catch (e) {
      throw new ProviderError((e as Error).message, 'invalid_spec', 'scripted', spec.model, spec.model);
    }
    return new ScriptedModel(spec, parsed, sha256(bytes));
  },
  async list() {
    return [];
  },
};
