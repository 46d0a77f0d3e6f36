import type { Command } from 'commander';
import { DEFAULT_OLLAMA_URL, defaultOpenAiEndpoints, listModels, storedReadinessChecks } from '../../app/index.js';
import { formatModelsTable } from '../text/format-models.js';
import { readinessCell } from '../text/format-readiness.js';
import { registerModelsCheck } from './models-check.js';
import { printJson } from '../output.js';

const list = (v: string, prev: string[] = []) => [
  ...prev,
  ...v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

export function registerModels(program: Command): void {
  const models = program
    .command('models')
    .description('list available models: GGUF files in a folder, Ollama models, OpenAI-compatible models')
    .option('--dir <path>', 'folder to scan for GGUF files (recursive)')
    .option('--ollama [url]', 'Ollama URL(s), comma-separated or repeated (default http://127.0.0.1:11434)', list)
    .option('--openai [url]', 'OpenAI-compatible base URL(s); key from $OPENAI_API_KEY', list)
    .option(
      '--db <path>',
      'SQLite database whose readiness checks are shown (default: $PARLEY_DB or the user data folder)',
    )
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        dir?: string;
        ollama?: string[] | true;
        openai?: string[] | true;
        json?: boolean;
        db?: string;
      }) => {
        const asked = opts.dir !== undefined || opts.ollama !== undefined || opts.openai !== undefined;
        // With no flags: look at the default local Ollama only (never a cloud endpoint unasked).
        const ollama = asked ? opts.ollama : true;
        const openaiKey = process.env.OPENAI_API_KEY;
        const { models, errors } = await listModels({
          dir: opts.dir,
          ollama: ollama === true ? [DEFAULT_OLLAMA_URL] : ollama,
          openai: (opts.openai === true ? defaultOpenAiEndpoints() : (opts.openai ?? [])).map((base_url) => ({
            base_url,
            apiKey: openaiKey,
            keySource: openaiKey ? 'the environment variable OPENAI_API_KEY' : undefined,
          })),
        });
        const checks = storedReadinessChecks(opts.db);
        const latest = new Map(checks.map((c) => [c.model, c]));
        if (opts.json) {
          printJson({ models, errors, checks });
        } else {
          process.stdout.write(formatModelsTable(models, (spec) => readinessCell(latest.get(spec))) + '\n');
          const unlisted = checks.filter((c) => !models.some((m) => m.spec === c.model));
          if (unlisted.length) {
            process.stdout.write('\nReadiness checks of models not listed above:\n');
            for (const c of unlisted) process.stdout.write(`  ${c.model}: ${readinessCell(c)}\n`);
          }
          for (const e of errors) process.stderr.write(`${e.message}\n`);
          if (!asked)
            process.stderr.write(
              'Tip: --dir PATH scans a folder of GGUF files; --openai URL lists an OpenAI-compatible server.\n',
            );
        }
        if (errors.length && !models.length) process.exitCode = 1;
      },
    );
  registerModelsCheck(models);
}
