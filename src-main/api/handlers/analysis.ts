import { appOf } from '../app-service.js';
import type { Handlers } from './types.js';

/** analysis.*: questions asked of an agent's graph before any call (src-main/app/analysis.ts). */
export const analysisHandlers: Handlers = {
  'analysis.lint': (ctx, input) => appOf(ctx).analysis.lint(input),
  'analysis.snippets': (ctx, input) => appOf(ctx).analysis.snippets(input),
  'analysis.applySnippets': (ctx, input) => appOf(ctx).analysis.applySnippets(input),
};
