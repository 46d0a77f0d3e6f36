import { pullOllamaModel } from '../../providers/index.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import { conflict, unavailable } from '../errors.js';
import fs from 'node:fs';
import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';
import { listOllamaModels, listOpenAiModels, scanModelsDir } from '../../providers/index.js';

/** Where to look for models: a GGUF folder, Ollama servers, OpenAI-compatible endpoints. */
export interface ModelSources {
  dir?: string;
  ollama?: string[];
  openai?: {
    base_url: string;
    /** Shown in messages ("OpenAI-compatible endpoint "work" at URL"). */
    name?: string;
    apiKey?: string;
    /** Where the key came from, for messages. */
    keySource?: string;
    /** Set when the key the endpoint needs is missing: reported instead of calling it. */
    missingKey?: string;
  }[];
  signal?: AbortSignal;
  /** Per request: how long to wait for a server's answer headers. */
  timeoutMs?: number;
}

export interface ListedModels {
  models: ModelInfo[];
  errors: { provider: ProviderId; message: string }[];
}

/** "ollama model "*" at URL: connection refused…" -> "connection refused…" (the caller names the provider and URL). */
export function providerDetail(err: unknown): string {
  const msg = (err as Error)?.message ?? String(err);
  return msg.replace(/^(ollama|openai|llama-cpp|scripted)(?: model "[^"]*")?(?: at \S+)?: /i, '');
}

const ORDER: ProviderId[] = ['llama-cpp', 'ollama', 'openai', 'scripted'];

/**
 * Lists what every source offers, for the Models page and `parley models` alike: each source is
 * asked at once, and one failing (Ollama not running) is reported without hiding the others.
 */
export async function listModels(src: ModelSources): Promise<ListedModels> {
  const models: ModelInfo[] = [];
  const errors: ListedModels['errors'] = [];
  const signal = src.signal ?? AbortSignal.timeout(src.timeoutMs ?? 8_000);
  const jobs: Promise<void>[] = [];
  const dir = src.dir?.trim();
  if (dir) {
    jobs.push(
      (async () => {
        const where = `llama-cpp models folder ${dir}`;
        if (!fs.existsSync(dir))
          return void errors.push({ provider: 'llama-cpp', message: `${where}: the folder does not exist` });
        if (!fs.statSync(dir).isDirectory())
          return void errors.push({ provider: 'llama-cpp', message: `${where}: this is a file, not a folder` });
        try {
          const found = await scanModelsDir(dir, { signal });
          if (!found.length)
            errors.push({
              provider: 'llama-cpp',
              message: `${where}: no .gguf files found (searched 3 folder levels deep)`,
            });
          models.push(...found);
        } catch (e) {
          errors.push({ provider: 'llama-cpp', message: `${where}: ${providerDetail(e)}` });
        }
      })(),
    );
  }
  for (const ep of src.ollama ?? []) {
    const url = ep.trim().replace(/\/+$/, '');
    jobs.push(
      listOllamaModels(url, { signal, headersTimeoutMs: src.timeoutMs ?? 8_000 }).then(
        (m) => void models.push(...m),
        (e) => void errors.push({ provider: 'ollama', message: `Ollama at ${url}: ${providerDetail(e)}` }),
      ),
    );
  }
  for (const ep of src.openai ?? []) {
    const where = ep.name
      ? `OpenAI-compatible endpoint "${ep.name}" at ${ep.base_url}`
      : `OpenAI-compatible endpoint at ${ep.base_url}`;
    if (ep.missingKey) {
      errors.push({ provider: 'openai', message: `${where}: ${ep.missingKey}` });
      continue;
    }
    jobs.push(
      listOpenAiModels(ep.base_url, { apiKey: ep.apiKey ?? '', keySource: ep.keySource, signal }).then(
        (m) => void models.push(...m),
        (e) => void errors.push({ provider: 'openai', message: `${where}: ${providerDetail(e)}` }),
      ),
    );
  }
  await Promise.all(jobs);
  models.sort((a, b) => ORDER.indexOf(a.provider) - ORDER.indexOf(b.provider) || a.name.localeCompare(b.name));
  errors.sort((a, b) => ORDER.indexOf(a.provider) - ORDER.indexOf(b.provider) || a.message.localeCompare(b.message));
  return { models, errors };
}

export { DEFAULT_OLLAMA_URL } from '../../providers/ollama/client.js';
export { defaultOpenAiEndpoints } from '../../providers/openai/index.js';

/**
 * Pulls an Ollama model as a job (progress in bytes, the server's status as the job's note). One pull of a
 * model per server at a time.
 */
export function pullModelJob(jobs: JobRegistry, url: string, model: string): Job<void> {
  if (
    jobs.list({ kind: 'model-pull', subject: { model: `ollama:${model}@${url}` }, running: true, hereOnly: true })
      .length
  )
    throw conflict(`"${model}" is already being pulled from Ollama at ${url}`);
  return jobs.start(
    {
      kind: 'model-pull',
      title: `Pull ${model} from Ollama at ${url}`,
      unit: 'bytes',
      subject: { model: `ollama:${model}@${url}` },
    },
    async (ctl) => {
      ctl.note(`connecting to Ollama at ${url}`);
      try {
        await pullOllamaModel(
          url,
          model,
          (p) => {
            ctl.note(p.status);
            if (p.total) ctl.progress(p.completed ?? 0, p.total);
          },
          { signal: ctl.signal },
        );
      } catch (e) {
        if (ctl.signal.aborted) throw e;
        throw unavailable(`Ollama at ${url}: ${providerDetail(e)}`, 'name');
      }
    },
  );
}
