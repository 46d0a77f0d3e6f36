import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** analysis.*: questions asked of an agent's graph before any call (src-main/app/analysis/analysis.ts). */
export const analysisMethods: Methods = {
  'analysis.lint': (ctx, input) => appOf(ctx).analysis.lint(input),
  'analysis.snippets': (ctx, input) => appOf(ctx).analysis.snippets(input),
  'analysis.applySnippets': (ctx, input) => appOf(ctx).analysis.applySnippets(input),
};
