import {
  exportAgentVersion,
  graphDiff,
  importAgentFiles,
  importFixedGraph,
  validateAgentGraph,
  type ExportFormat,
} from '../index.js';
import type { Methods } from '../method-table.js';

/** agents.import / validate / importFixed / export / graphDiff: agent files through the application (app/agents/agent-files.ts). */
export const agentFormatMethods: Methods = {
  'agents.import': (ctx, { files }) => importAgentFiles(ctx.store, files),
  'agents.validate': (_ctx, { graph }) => validateAgentGraph(graph),
  'agents.importFixed': (ctx, input) => importFixedGraph(ctx.store, input),
  'agents.export': (ctx, { id, version_id, format }) =>
    exportAgentVersion(ctx.store, id, version_id, format as ExportFormat),
  'agents.graphDiff': (ctx, { from_version_id, to_version_id }) => graphDiff(ctx.store, from_version_id, to_version_id),
};
