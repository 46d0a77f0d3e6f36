import type { Command } from 'commander';
import { registerAnalyzeRouting } from './analyze-routing.js';
import { registerAnalyzeSnippets } from './analyze-snippets.js';

/** `parley analyze ...`: questions asked of an agent's graph before any call. */
export function registerAnalyze(program: Command): void {
  const analyze = program
    .command('analyze')
    .description('analyse an agent graph before any call: routing (ambiguous conditions), snippets (repeated text)');
  registerAnalyzeRouting(analyze);
  registerAnalyzeSnippets(analyze);
}
