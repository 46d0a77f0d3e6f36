import { useState } from 'react';
import { Link } from 'wouter';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { useApi } from '../../../api/hooks.js';
import { PullBox } from '../../models/PullBox.js';

const DEFAULT_OLLAMA = 'http://127.0.0.1:11434';
/** Small enough for a laptop CPU, good enough to follow a prompt and answer a judge's question. */
const SUGGESTED = 'qwen2.5:1.5b';

/**
 * "Get a small local model": the honest way to run a suite on a new agent when no model is installed.
 * Either a GGUF file already on disk, or `ollama pull NAME` with progress (the Models page's pull).
 * `onUse` sets the run's agent model.
 */
export function LocalModelGuide({ onUse }: { onUse: (spec: ModelSpecInput) => void }) {
  const settings = useApi('models.settings');
  const [path, setPath] = useState('');
  const [used, setUsed] = useState<string | null>(null);
  const endpoints = settings.data?.ollama_endpoints.length ? settings.data.ollama_endpoints : [DEFAULT_OLLAMA];
  const gguf = path.trim();
  const ggufOk = /\.gguf$/i.test(gguf);
  return (
    <section className="card local-model-guide" aria-label="Get a small local model" data-testid="local-model-guide">
      <h3>Get a small local model</h3>
      <p className="muted small">
        A run needs a real model to speak for the agent, play the caller and judge. Everything stays on this machine
        with either of these:
      </p>
      <div className="grid-2">
        <div>
          <strong>1. A GGUF file you have</strong>
          <p className="muted small">
            Any chat model in GGUF format (for example Qwen2.5 1.5B Instruct Q4_K_M, about 1 GB) runs in-process, no
            server needed.
          </p>
          <div className="row">
            <input
              className="grow mono"
              aria-label="GGUF file path"
              placeholder="/path/to/model.gguf"
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
            <button
              type="button"
              disabled={!ggufOk}
              onClick={() => {
                onUse({ provider: 'llama-cpp', model: gguf, params: {} });
                setUsed(gguf);
              }}
            >
              Use this file
            </button>
          </div>
          {gguf && !ggufOk && <div className="field-error small">{gguf} is not a .gguf file.</div>}
          <p className="muted small">
            Or put .gguf files in the models folder on the <Link href="/models">Models</Link> page: they are then listed
            in the pickers below.
          </p>
        </div>
        <div>
          <strong>2. Ollama</strong>
          <p className="muted small">
            With <a href="https://ollama.com">Ollama</a> running, pull a small model here (the same as{' '}
            <code>ollama pull {SUGGESTED}</code>):
          </p>
          <PullBox
            endpoints={endpoints}
            initialName={SUGGESTED}
            doneText="Pulled, and chosen as the agent model below."
            onPulled={(model, endpoint) => {
              onUse({ provider: 'ollama', model, ...(endpoint ? { endpoints: [endpoint] } : {}), params: {} });
              setUsed(model);
            }}
          />
        </div>
      </div>
      {used && (
        <div className="status-pass small" role="status">
          The agent model is now {used}; the caller and the judge use it too unless you choose others.
        </div>
      )}
    </section>
  );
}
