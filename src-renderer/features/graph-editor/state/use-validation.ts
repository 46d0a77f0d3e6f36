import { useEffect, useMemo, useRef, useState } from 'react';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import { api, ApiClientError } from '../../../api/client.js';
import { indexIssues, issuesFromApiError, withLocations, type IssueIndex } from '../model/issues.js';

const NO_NODES: Pick<AgentGraph, 'nodes'> = { nodes: [] };

export interface ValidationState {
  status: 'idle' | 'checking' | 'done' | 'unavailable' | 'failed';
  issues: ValidationIssue[];
  index: IssueIndex;
  message?: string;
}

/**
 * Validates the graph through `agents.validate` a moment after each change. A graph the API refuses
 * outright (schema errors) is reported as issues too, so the editor never stops.
 */
export function useLiveValidation(graph: AgentGraph, enabled = true, delayMs = 350): ValidationState {
  const [result, setResult] = useState<{
    status: ValidationState['status'];
    issues: ValidationIssue[];
    message?: string;
    graph?: AgentGraph;
  }>({ status: 'idle', issues: [] });
  const seq = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const mine = ++seq.current;
    setResult((r) => ({ ...r, status: 'checking' }));
    const timer = setTimeout(() => {
      api
        .call('agents.validate', { graph })
        .then((issues) => {
          if (mine === seq.current) setResult({ status: 'done', issues: withLocations(graph, issues), graph });
        })
        .catch((e: unknown) => {
          if (mine !== seq.current) return;
          if (e instanceof ApiClientError && e.error.code === 'not_built')
            setResult({ status: 'unavailable', issues: [], message: e.error.message });
          else if (e instanceof ApiClientError && e.error.code === 'invalid_input')
            setResult({ status: 'done', issues: issuesFromApiError(graph, e.error), graph });
          else setResult({ status: 'failed', issues: [], message: (e as Error).message });
        });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [graph, enabled, delayMs]);
  // Issues are placed on the graph they were found in; before the first answer there are none to place.
  const index = useMemo(() => indexIssues(result.graph ?? NO_NODES, result.issues), [result]);
  return {
    status: result.status,
    issues: result.issues,
    index,
    ...(result.message ? { message: result.message } : {}),
  };
}
