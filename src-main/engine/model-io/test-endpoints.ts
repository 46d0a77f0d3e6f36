/**
 * Which hosts a test file's own model (`llm_model`, with test model precedence) may call. A shared
 * test file must not be able to send the user's API key (or the agent's prompts and transcripts) to a
 * host the user never chose: `openai:m@http://other-host/v1` would receive OPENAI_API_KEY.
 *
 * Trusted without asking: the default endpoints (OPENAI_BASE_URL or api.openai.com, OLLAMA_HOST or
 * the local Ollama), the endpoints configured on the Models page, and the endpoints of the run's own
 * models (what the user typed or picked). Any other host needs explicit consent: the CLI's
 * `--allow-test-endpoints`; in the app, adding the endpoint on the Models page.
 *
 * Local model files a test names (`scripted:FILE`, `llama-cpp:FILE.gguf`) follow the same idea: they
 * must lie in a folder the user's own models come from (the Models page's models folder, the folders
 * of the run's own model files), else the same consent is needed. Whatever the folder, the providers
 * open only regular files within their size limit and never quote a file's content.
 */
import path from 'node:path';
import type { ModelSettings } from '../../../src-shared/contract/models.js';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import { defaultOllamaEndpoints } from '../../providers/ollama/client.js';
import { defaultOpenAiEndpoints } from '../../providers/openai/model.js';
import { truncateForMessage } from '../../../src-shared/limits.js';
import type { ModelLoader } from './run-models.js';

/** `scheme://host:port`, lower case; undefined for something that is not a URL. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url.includes('://') ? url : `http://${url}`);
    return `${u.protocol}//${u.host}`.toLowerCase();
  } catch {
    return undefined;
  }
}

export interface TestEndpointPolicy {
  /** Origins the user configured or chose. */
  trusted: Set<string>;
  /** Folders (absolute) the user's own local model files come from. */
  trustedFolders: string[];
  /** The user consented to every host a test file names (`--allow-test-endpoints`). */
  allowAll: boolean;
  /** How to allow a host, as this door says it ("pass --allow-test-endpoints", "add it on the Models page"). */
  howToAllow: string;
}

/** The trusted origins: defaults from the environment, Models page endpoints, and the run's own model specs. */
export function trustedOrigins(
  settings: Partial<ModelSettings> | undefined,
  runSpecs: (ModelSpec | undefined)[],
): Set<string> {
  const urls = [
    ...defaultOpenAiEndpoints(),
    ...defaultOllamaEndpoints(),
    ...(settings?.ollama_endpoints ?? []),
    ...(settings?.openai_endpoints ?? []).map((e) => e.base_url),
    ...runSpecs.flatMap((s) => s?.endpoints ?? []),
  ];
  return new Set(urls.map(originOf).filter((o): o is string => !!o));
}

const LOCAL_PROVIDERS = new Set(['scripted', 'llama-cpp']);

/** The folders of the run's own local model files and the Models page's models folder. */
export function trustedFolders(modelsDir: string | undefined, runSpecs: (ModelSpec | undefined)[]): string[] {
  const dirs = runSpecs
    .filter((s): s is ModelSpec => !!s && LOCAL_PROVIDERS.has(s.provider))
    .map((s) => path.dirname(path.resolve(s.model)));
  return [...new Set([...(modelsDir ? [path.resolve(modelsDir)] : []), ...dirs])];
}

/** The local model file a spec would open outside the trusted folders, if any. */
export function untrustedFile(spec: ModelSpec, policy: TestEndpointPolicy): string | undefined {
  if (policy.allowAll || !LOCAL_PROVIDERS.has(spec.provider)) return undefined;
  const file = path.resolve(spec.model);
  const inside = policy.trustedFolders.some((d) => {
    const rel = path.relative(d, file);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
  return inside ? undefined : file;
}

/** The hosts a spec would call that the policy does not trust. */
export function untrustedHosts(spec: ModelSpec, policy: TestEndpointPolicy): string[] {
  if (policy.allowAll || (spec.provider !== 'openai' && spec.provider !== 'ollama')) return [];
  return (spec.endpoints ?? []).map((e) => originOf(e) ?? e).filter((o) => !policy.trusted.has(o));
}

/** A loader for tests' own models that refuses untrusted hosts before anything is sent to them. */
export function guardTestModelLoader(loader: ModelLoader, policy: TestEndpointPolicy): ModelLoader {
  return {
    load(spec, opts) {
      const file = untrustedFile(spec, policy);
      if (file)
        return Promise.reject(
          new Error(
            `this test would open the local file ${truncateForMessage(file)}, outside the folders your own models come from (${policy.trustedFolders.map((d) => truncateForMessage(d)).join(', ') || 'none'}); expected a model file there, or ${policy.howToAllow}`,
          ),
        );
      const hosts = untrustedHosts(spec, policy);
      if (hosts.length) {
        const what = spec.provider === 'openai' ? 'your API key and the conversation' : 'the conversation';
        return Promise.reject(
          new Error(
            `this test would send ${what} to ${hosts.map((h) => truncateForMessage(h)).join(', ')}, a host you have not configured; expected one of your endpoints (${[...policy.trusted].join(', ') || 'none'}), or ${policy.howToAllow}`,
          ),
        );
      }
      return loader.load(spec, opts);
    },
  };
}

/** The policy for one run from the stored Models page settings (unparsed) and the run's own model specs. */
export function testEndpointPolicy(
  storedSettings: unknown,
  runSpecs: (ModelSpec | undefined)[],
  opts: { allowAll?: boolean; howToAllow: string },
): TestEndpointPolicy {
  const s = (storedSettings ?? {}) as Partial<ModelSettings>;
  const modelsDir = typeof s.models_dir === 'string' && s.models_dir ? s.models_dir : undefined;
  const settings = {
    ollama_endpoints: Array.isArray(s.ollama_endpoints) ? s.ollama_endpoints.filter((e) => typeof e === 'string') : [],
    openai_endpoints: Array.isArray(s.openai_endpoints)
      ? s.openai_endpoints.filter((e) => e && typeof e.base_url === 'string')
      : [],
  };
  return {
    trusted: trustedOrigins(settings, runSpecs),
    trustedFolders: trustedFolders(modelsDir, runSpecs),
    allowAll: !!opts.allowAll,
    howToAllow: opts.howToAllow,
  };
}
