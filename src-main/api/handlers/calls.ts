import { invalid, resolveAgentVersion } from '../../app/index.js';
import {
  CallFileError,
  CallImportError,
  importCalls,
  parseCallText,
  type ParsedCall,
} from '../../transcripts/index.js';
import type { Handlers } from './types.js';

export const callHandlers: Handlers = {
  'calls.import': (ctx, { agent_id, agent_version_id, files, format }) => {
    const { store } = ctx;
    const { agent, version } = resolveAgentVersion(store, agent_id, agent_version_id, { agent: 'agent_id' });
    // every file is checked before anything is written
    const calls: ParsedCall[] = [];
    const errors: CallFileError[] = [];
    for (const f of files) {
      try {
        calls.push(parseCallText(f.name, f.text, format));
      } catch (e) {
        errors.push(
          e instanceof CallFileError ? e : new CallFileError(f.name, '', 'a call export', (e as Error).message),
        );
      }
    }
    if (errors.length) throw invalid(new CallImportError(errors).message, 'files');
    const name = files.length === 1 ? `imported call ${calls[0].name}` : `${files.length} imported calls`;
    const { run } = importCalls(
      store,
      { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name },
      calls,
      { suite_name: name },
    );
    return { run_id: run.id, calls: calls.length };
  },
};
