import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  CallerTask,
  ExtractionTask,
  JudgingTask,
  RoutingTask,
  type ReadinessFamily,
} from '../../src-shared/schemas/index.js';
import callerJson from './tasks/caller.json' with { type: 'json' };
import extractionJson from './tasks/extraction.json' with { type: 'json' };
import judgingJson from './tasks/judging.json' with { type: 'json' };
import routingJson from './tasks/routing.json' with { type: 'json' };

/** The built-in known-answer tasks (src-main/readiness/tasks/*.json), validated when first used. */
export interface ReadinessTasks {
  routing: RoutingTask[];
  extraction: ExtractionTask[];
  judging: JudgingTask[];
  caller: CallerTask[];
  /** sha256 of the four files' contents, first 12 hex digits: which task set a stored report used. */
  version: string;
}

/** Validates one task file; an error names the file, the JSON path and what was expected. */
export function parseTaskFile<S extends z.ZodType>(file: string, item: S, data: unknown): z.infer<S>[] {
  if (!Array.isArray(data)) throw new Error(`${file}: expected a JSON array of tasks`);
  const seen = new Set<string>();
  return data.map((raw, i) => {
    const r = item.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      const at = [`[${i}]`, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))].join('');
      throw new Error(`${file}: ${at}: ${issue.message}`);
    }
    const id = (r.data as { id: string }).id;
    if (seen.has(id)) throw new Error(`${file}: [${i}].id: "${id}" is used twice`);
    seen.add(id);
    return r.data;
  });
}

let cached: ReadinessTasks | undefined;

export function readinessTasks(): ReadinessTasks {
  if (cached) return cached;
  const dir = 'src-main/readiness/tasks';
  const files: Record<ReadinessFamily, unknown> = {
    routing: routingJson,
    extraction: extractionJson,
    judging: judgingJson,
    caller: callerJson,
  };
  cached = {
    routing: parseTaskFile(`${dir}/routing.json`, RoutingTask, files.routing),
    extraction: parseTaskFile(`${dir}/extraction.json`, ExtractionTask, files.extraction),
    judging: parseTaskFile(`${dir}/judging.json`, JudgingTask, files.judging),
    caller: parseTaskFile(`${dir}/caller.json`, CallerTask, files.caller),
    version: createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 12),
  };
  return cached;
}
