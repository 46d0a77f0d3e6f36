import type Database from 'better-sqlite3';
import { RoutingReport } from '../../../src-shared/contract/analysis.js';
import { newId } from '../ids.js';
import { prep } from '../statements.js';

export interface StoredRoutingAnalysis {
  id: string;
  agent_id: string;
  agent_version_id: string;
  report: RoutingReport;
}

/** Routing analyses, each with the agent version it analysed. */
export class AnalysesRepo {
  constructor(private readonly db: Database.Database) {}

  saveRouting(agentId: string, versionId: string, report: RoutingReport): string {
    const id = newId('ra');
    prep(
      this.db,
      'INSERT INTO routing_analyses (id, agent_id, agent_version_id, model, created_at, report_json) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(id, agentId, versionId, report.model, report.created_at, JSON.stringify(report));
    return id;
  }

  /** Newest first; of one version, or of every version of the agent. */
  routing(agentId: string, versionId?: string): StoredRoutingAnalysis[] {
    const rows = (
      versionId
        ? prep(
            this.db,
            'SELECT * FROM routing_analyses WHERE agent_id = ? AND agent_version_id = ? ORDER BY created_at DESC, rowid DESC',
          ).all(agentId, versionId)
        : prep(this.db, 'SELECT * FROM routing_analyses WHERE agent_id = ? ORDER BY created_at DESC, rowid DESC').all(
            agentId,
          )
    ) as { id: string; agent_id: string; agent_version_id: string; report_json: string }[];
    return rows.map((r) => ({
      id: r.id,
      agent_id: r.agent_id,
      agent_version_id: r.agent_version_id,
      report: RoutingReport.parse(JSON.parse(r.report_json)),
    }));
  }
}
