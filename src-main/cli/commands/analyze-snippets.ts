import type { Command } from 'commander';
import type { SnippetCandidate } from '../../../src-shared/contract/analysis.js';
import { CliError } from '../errors.js';
import { printJson } from '../output.js';
import { withDbOption } from '../use-app.js';
import { useApp } from '../use-app.js';

interface Opts {
  db?: string;
  json?: boolean;
  version?: string;
  apply?: boolean;
  only?: string[];
  minChars?: string;
  threshold?: string;
}

const where = (p: { node_id?: string; transition_id?: string; path: string }) =>
  p.transition_id ? `edge ${p.transition_id}` : p.node_id ? `node ${p.node_id}` : p.path.replace('_', ' ');

function printCandidate(c: SnippetCandidate): void {
  const head =
    c.kind === 'exact'
      ? `${c.id}  {%${c.name}%}  repeated ${c.places.length}x, saves ${c.saved_chars} chars`
      : `${c.id}  near repeat (similarity ${c.similarity.toFixed(2)}): if they mean the same, make them identical, then extract as {%${c.name}%}`;
  process.stdout.write(`${head}\n`);
  if (c.kind === 'exact') process.stdout.write(`    "${c.text}"\n`);
  for (const p of c.places)
    process.stdout.write(`    - ${where(p)} (${p.path})${c.kind === 'near' ? `: "${p.text}"` : ''}\n`);
}

const number = (flag: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new CliError(`${flag}: expected a number, got ${JSON.stringify(v)}`);
  return n;
};

/** `parley analyze snippets AGENT [--apply]`: repeated text that could be one snippet. */
export function registerAnalyzeSnippets(analyze: Command): void {
  withDbOption(
    analyze
      .command('snippets <agent>')
      .description('find repeated and near-repeated text across prompts and conditions (snippet candidates)')
      .option('--version <n>', 'analyse this version (number or id) instead of the latest')
      .option('--apply', 'extract the exact repeats into snippets as a new agent version')
      .option('--only <id...>', 'with --apply: only these candidate ids (x1 x2 ...)')
      .option('--min-chars <n>', 'shortest repeated text reported (default 12)')
      .option('--threshold <0..1>', 'lowest similarity of a near repeat (default 0.8)')
      .option('--json', 'print JSON'),
  ).action((agent: string, opts: Opts) =>
    useApp(
      opts,
      async (_app, door) => {
        const req = {
          agent_id: agent,
          agent_version_id: opts.version,
          min_chars: number('--min-chars', opts.minChars) ?? 12,
          threshold: number('--threshold', opts.threshold) ?? 0.8,
        };
        if (opts.apply) {
          const out = await door.call('analysis.applySnippets', { ...req, candidate_ids: opts.only });
          if (opts.json) return printJson(out);
          process.stdout.write(
            out.created
              ? `saved v${out.version.version} with ${out.applied.length} new snippet${out.applied.length === 1 ? '' : 's'}: ${out.applied.map((c) => c.name).join(', ')} (every expanded prompt unchanged)\n`
              : `nothing changed: v${out.version.version} already holds this graph\n`,
          );
          return;
        }
        const { agent: a, report } = await door.call('analysis.snippets', req);
        if (opts.json) return printJson({ agent: a, report });
        process.stdout.write(`${a.agent_name} v${a.version}\n`);
        const exact = report.candidates.filter((c) => c.kind === 'exact');
        const near = report.candidates.filter((c) => c.kind === 'near');
        process.stdout.write(`\n${exact.length} exact repeat${exact.length === 1 ? '' : 's'}\n`);
        exact.forEach(printCandidate);
        process.stdout.write(`\n${near.length} near repeat${near.length === 1 ? '' : 's'}\n`);
        near.forEach(printCandidate);
        if (report.used_once.length)
          process.stdout.write(
            `\nsnippets used once (inline them?): ${report.used_once.map((s) => `${s.name} (${where(s.uses[0])})`).join(', ')}\n`,
          );
        if (report.unused.length) process.stdout.write(`\nsnippets never used: ${report.unused.join(', ')}\n`);
        if (exact.length) process.stdout.write(`\nextract them: parley analyze snippets ${agent} --apply\n`);
      },
      { candidate_ids: '--only', agent_version_id: '--version', agent_id: 'agent' },
    ),
  );
}
