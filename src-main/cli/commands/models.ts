import type { Command } from 'commander';
import type { ProviderId } from '../../../src-shared/schemas/index.js';
import { formatModelsTable, listModels } from '../../providers/list-models.js';
import { printJson } from '../output.js';

const list = (v: string, prev: string[] = []) => [
  ...prev,
  ...v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

export function registerModels(program: Command): void {
  program
    .command('models')
    .description('list available models: GGUF files in a folder, Ollama models, OpenAI-compatible models')
    .option('--dir <path>', 'folder to scan for GGUF files (recursive)')
    .option('--ollama [url]', 'Ollama URL(s), comma-separated or repeated (default http://127.0.0.1:11434)', list)
    .option('--openai [url]', 'OpenAI-compatible base URL(s); key from $OPENAI_API_KEY', list)
    .option('--json', 'print JSON')
    .action(async (opts: { dir?: string; ollama?: string[] | true; openai?: string[] | true; json?: boolean }) => {
      const asked = opts.dir !== undefined || opts.ollama !== undefined || opts.openai !== undefined;
      const errors: { provider: ProviderId; message: string }[] = [];
      const models = await listModels({
        dir: opts.dir,
        // With no flags: look at the default local Ollama only (never a cloud endpoint unasked).
        ollama: asked ? opts.ollama : true,
        openai: opts.openai,
        onError: (err, provider) => errors.push({ provider, message: err.message }),
      });
      if (opts.json) {
        printJson({ models, errors });
      } else {
        process.stdout.write(formatModelsTable(models) + '\n');
        for (const e of errors) process.stderr.write(`${e.provider}: ${e.message}\n`);
        if (!asked)
          process.stderr.write(
            'Tip: --dir PATH scans a folder of GGUF files; --openai URL lists an OpenAI-compatible server.\n',
          );
      }
      if (errors.length && !models.length) process.exitCode = 1;
    });
}
