import { exportAgentRef, type ExportFormat } from './export-agent.js';
import {
  exportAgentVersion,
  graphDiff,
  importAgentFiles,
  importFixedGraph,
  validateAgentGraph,
} from './agent-files.js';
import { requireFileAccess } from '../door/files.js';
import type { Methods } from '../method-table.js';
import { importAgentPath } from './file-reports.js';

/**
 * agents.import / importFiles / validate / importFixed / export / exportRef / graphDiff: agent files through the
 * application (app/agents/agent-files.ts). Both imports store through formats/import-into-store.ts: the app sends the
 * files' contents, the command line names them (importFiles, read within the import limit, one report per file).
 */
export const agentFormatMethods: Methods = {
  'agents.import': (ctx, { files }) => importAgentFiles(ctx.store, files),
  'agents.importFiles': async (ctx, { files, drop_dangling }) => {
    requireFileAccess(ctx, 'agents.importFiles');
    const reports = [];
    for (const file of files) reports.push(await importAgentPath(ctx.store, file, { dropDangling: drop_dangling }));
    return reports;
  },
  'agents.validate': (_ctx, { graph }) => validateAgentGraph(graph),
  'agents.importFixed': (ctx, input) => importFixedGraph(ctx.store, input),
  'agents.export': (ctx, { id, version_id, format }) =>
    exportAgentVersion(ctx.store, id, version_id, format as ExportFormat),
  'agents.exportRef': (ctx, { agent, format }) =>
    exportAgentRef(ctx.store, agent, format as ExportFormat, { files: !!ctx.files }),
  'agents.graphDiff': (ctx, { from_version_id, to_version_id }) => graphDiff(ctx.store, from_version_id, to_version_id),
};
