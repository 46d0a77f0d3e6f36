import type Database from 'better-sqlite3';
import { prep } from '../statements.js';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { contentHash } from '../canonical-json.js';
import { StoreError } from '../errors.js';
import { newId, nowIso } from '../ids.js';

export interface AgentSummary {
  id: string;
  name: string;
  latest_version_id: string;
  version: number;
  source_format: string;
  node_count: number;
  created_at: string;
  updated_at: string;
}

export interface AgentVersionMeta {
  id: string;
  agent_id: string;
  version: number;
  content_hash: string;
  source_format: string;
  note: string;
  created_at: string;
  /** The version this one was made from by a fix (null otherwise): the editor diffs against it. */
  parent_version_id?: string | null;
}

export interface AgentVersion extends AgentVersionMeta {
  graph: AgentGraph;
}

interface VersionRow extends AgentVersionMeta {
  graph_json: string;
}

export class AgentsRepo {
  constructor(private readonly db: Database.Database) {}

  /** Creates an agent with its first version. */
  create(
    graph: AgentGraph,
    opts: { name?: string; note?: string } = {},
  ): { agent: AgentSummary; version: AgentVersion } {
    const name = opts.name ?? (graph.name || 'Untitled agent');
    const id = newId('ag');
    const now = nowIso();
    return this.db.transaction(() => {
      prep(
        this.db,
        'INSERT INTO agents (id, name, latest_version_id, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)',
      ).run(id, name, now, now);
      const version = this.insertVersion(id, 1, { ...graph, name }, opts.note ?? 'created');
      return { agent: this.summary(id)!, version };
    })();
  }

  /** A stored version with exactly this content (the newest if several agents hold it). */
  findVersionByHash(hash: string): AgentVersion | undefined {
    const row = prep(
      this.db,
      'SELECT id FROM agent_versions WHERE content_hash = ? ORDER BY created_at DESC, id DESC LIMIT 1',
    ).get(hash) as { id: string } | undefined;
    return row ? this.getVersion(row.id) : undefined;
  }

  /** Saves a new immutable version unless the content is unchanged. */
  saveVersion(agentId: string, graph: AgentGraph, note = ''): { version: AgentVersion; created: boolean } {
    return this.db.transaction(() => {
      const agent = this.summary(agentId);
      if (!agent) throw new StoreError(`agent ${agentId} not found`, 'not_found');
      const latest = this.getVersion(agent.latest_version_id)!;
      if (latest.content_hash === contentHash(AgentGraph.parse(graph))) return { version: latest, created: false };
      const version = this.insertVersion(agentId, this.nextNumber(agentId), graph, note);
      if (graph.name && graph.name !== agent.name) {
        prep(this.db, 'UPDATE agents SET name = ? WHERE id = ?').run(graph.name, agentId);
      }
      return { version, created: true };
    })();
  }

  /** The next version number (a fix's candidate versions count, though they may not be the latest). */
  private nextNumber(agentId: string): number {
    const row = prep(this.db, 'SELECT max(version) AS n FROM agent_versions WHERE agent_id = ?').get(agentId) as {
      n: number | null;
    };
    return (row.n ?? 0) + 1;
  }

  /**
   * Saves a candidate version that does not become the agent's latest (a fix's attempt, docs/fix.md):
   * the editor lists it with its note and its changes; `setLatest` makes it the latest once kept.
   */
  addCandidateVersion(agentId: string, graph: AgentGraph, note: string, parentVersionId: string): AgentVersion {
    return this.db.transaction(() => {
      const agent = this.summary(agentId);
      if (!agent) throw new StoreError(`agent ${agentId} not found`, 'not_found');
      return this.insertVersion(agentId, this.nextNumber(agentId), graph, note, false, parentVersionId);
    })();
  }

  /** Makes a stored version of the agent its latest. */
  setLatest(agentId: string, versionId: string): void {
    const v = this.getVersion(versionId);
    if (!v || v.agent_id !== agentId) throw new StoreError(`agent ${agentId} has no version ${versionId}`, 'not_found');
    prep(this.db, 'UPDATE agents SET latest_version_id = ?, updated_at = ? WHERE id = ?').run(
      versionId,
      nowIso(),
      agentId,
    );
  }

  private insertVersion(
    agentId: string,
    n: number,
    graph: AgentGraph,
    note: string,
    latest = true,
    parentVersionId: string | null = null,
  ): AgentVersion {
    const parsed = AgentGraph.parse(graph);
    const id = newId('av');
    const now = nowIso();
    const hash = contentHash(parsed);
    prep(
      this.db,
      `INSERT INTO agent_versions (id, agent_id, version, content_hash, source_format, graph_json, note, created_at, parent_version_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, agentId, n, hash, parsed.source.format, JSON.stringify(parsed), note, now, parentVersionId);
    if (latest)
      prep(this.db, 'UPDATE agents SET latest_version_id = ?, updated_at = ? WHERE id = ?').run(id, now, agentId);
    return {
      id,
      agent_id: agentId,
      version: n,
      content_hash: hash,
      source_format: parsed.source.format,
      note,
      created_at: now,
      parent_version_id: parentVersionId,
      graph: parsed,
    };
  }

  list(): AgentSummary[] {
    const ids = prep(this.db, 'SELECT id FROM agents ORDER BY updated_at DESC, id DESC').all() as { id: string }[];
    return ids.map((r) => this.summary(r.id)!);
  }

  summary(id: string): AgentSummary | undefined {
    const row = prep(
      this.db,
      `SELECT a.id, a.name, a.latest_version_id, a.created_at, a.updated_at, v.version, v.source_format,
        json_array_length(v.graph_json, '$.nodes') AS node_count
      FROM agents a JOIN agent_versions v ON v.id = a.latest_version_id WHERE a.id = ?`,
    ).get(id) as AgentSummary | undefined;
    return row;
  }

  /** Finds an agent by id, or by name when exactly one agent has it. */
  find(idOrName: string): AgentSummary | undefined {
    const byId = this.summary(idOrName);
    if (byId) return byId;
    const rows = prep(this.db, 'SELECT id FROM agents WHERE name = ?').all(idOrName) as { id: string }[];
    if (rows.length > 1)
      throw new StoreError(
        `agent name "${idOrName}" is ambiguous (${rows.length} agents have it: ${rows.map((r) => r.id).join(', ')}); use an id`,
        'conflict',
      );
    return rows[0] ? this.summary(rows[0].id) : undefined;
  }

  getVersion(versionId: string): AgentVersion | undefined {
    const row = prep(this.db, 'SELECT * FROM agent_versions WHERE id = ?').get(versionId) as VersionRow | undefined;
    if (!row) return undefined;
    const { graph_json, ...meta } = row;
    return { ...meta, graph: AgentGraph.parse(JSON.parse(graph_json)) };
  }

  latest(agentId: string): AgentVersion | undefined {
    const a = this.summary(agentId);
    return a ? this.getVersion(a.latest_version_id) : undefined;
  }

  versions(agentId: string): AgentVersionMeta[] {
    return prep(
      this.db,
      `SELECT id, agent_id, version, content_hash, source_format, note, created_at, parent_version_id
      FROM agent_versions WHERE agent_id = ? ORDER BY version DESC`,
    ).all(agentId) as AgentVersionMeta[];
  }

  /** Deletes an agent and its versions. Refuses when runs reference it unless `force` (then its runs go too). */
  delete(agentId: string, opts: { force?: boolean } = {}): { deleted_runs: number } {
    return this.db.transaction(() => {
      if (!this.summary(agentId)) throw new StoreError(`agent ${agentId} not found`, 'not_found');
      const { n } = prep(this.db, 'SELECT count(*) AS n FROM runs WHERE agent_id = ?').get(agentId) as { n: number };
      if (n > 0 && !opts.force) {
        throw new StoreError(
          `agent ${agentId} has ${n} run(s); delete them first, or force the deletion to delete the agent with its runs`,
          'conflict',
        );
      }
      prep(this.db, 'DELETE FROM runs WHERE agent_id = ?').run(agentId);
      prep(this.db, 'DELETE FROM agents WHERE id = ?').run(agentId);
      return { deleted_runs: n };
    })();
  }
}
