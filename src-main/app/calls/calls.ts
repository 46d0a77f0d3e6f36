import type { Result, Run, RunRedaction } from '../../../src-shared/schemas/index.js';
import {
  CallFileError,
  CallImportError,
  agentTexts,
  exemptWordsFromAgent,
  importCalls,
  parseCallFiles,
  redactCalls,
  parseCallText,
  type CallFormat,
  type ParsedCall,
} from '../../transcripts/index.js';
import type { Store } from '../../store/index.js';
import { AppError } from '../errors.js';
import { resolveAgentVersion } from '../refs/resolve.js';

export { CALL_FORMATS, type CallFormat } from '../../transcripts/index.js';

export interface CallImport {
  /** Agent id or unique name. */
  agent_id: string;
  agent_version_id?: string;
  format?: CallFormat;
  /** Shown for the run where a suite name would be. */
  name?: string;
  /**
   * true: personal data in every turn, tool argument, tool result and variable is replaced by typed
   * placeholders before anything is stored (docs/redaction.md); false: the originals are kept (and the run
   * says so). Absent: kept, as before redaction existed.
   */
  redact?: boolean;
}

/** Every file's problems as one refusal naming the first file and JSON path (nothing is written). */
function refusal(e: CallImportError): AppError {
  return new AppError({
    code: 'invalid_input',
    message: e.message,
    path: 'files',
    file: e.errors[0]?.file,
    issues: e.errors.map((x) => ({ file: x.file, path: x.path, message: x.message })),
  });
}

function parseAll(parse: () => ParsedCall[]): ParsedCall[] {
  try {
    return parse();
  } catch (e) {
    if (e instanceof CallImportError) throw refusal(e);
    throw e;
  }
}

function store(
  store: Store,
  req: CallImport,
  calls: ParsedCall[],
): {
  run: Run;
  results: Result[];
  calls: ParsedCall[];
  agent: { id: string; name: string; version_id: string; version: number };
} {
  const { agent, version } = resolveAgentVersion(store, req.agent_id, req.agent_version_id, { agent: 'agent_id' });
  const name = req.name ?? (calls.length === 1 ? `imported call ${calls[0].name}` : `${calls.length} imported calls`);
  let redaction: RunRedaction | undefined;
  if (req.redact) {
    // Redacted here, in memory: the original text never reaches the store.
    const exempt = exemptWordsFromAgent(agentTexts(version.graph), [agent.name, version.graph.name]);
    const redacted = redactCalls(calls, exempt);
    calls = redacted.calls;
    redaction = redacted.report;
  } else if (req.redact === false) redaction = { applied: false, replaced: {} };
  const { run, results } = importCalls(
    store,
    { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name },
    calls,
    { suite_name: name, redaction },
  );
  return {
    run,
    results,
    calls,
    agent: { id: agent.id, name: agent.name, version_id: version.id, version: version.version },
  };
}

/**
 * Real calls (Retell, VAPI, Bland, Telnyx exports or plain lists) as an `imported` run of an agent version.
 * Every file is checked before anything is written. `texts`: the files' contents (the app); `paths`: files
 * on this machine (the command line).
 */
export function importCallTexts(s: Store, req: CallImport & { files: { name: string; text: string }[] }) {
  const calls = parseAll(() => {
    const out: ParsedCall[] = [];
    const errors: CallFileError[] = [];
    for (const f of req.files) {
      try {
        out.push(parseCallText(f.name, f.text, req.format));
      } catch (e) {
        errors.push(
          e instanceof CallFileError ? e : new CallFileError(f.name, '', 'a call export', (e as Error).message),
        );
      }
    }
    if (errors.length) throw new CallImportError(errors);
    return out;
  });
  return store(s, req, calls);
}

export function importCallFiles(s: Store, req: CallImport & { paths: string[] }) {
  return store(
    s,
    req,
    parseAll(() => parseCallFiles(req.paths, req.format)),
  );
}
