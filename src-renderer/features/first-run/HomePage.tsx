import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { parseModelSpec, type ModelSpecInput } from '../../../src-shared/schemas/index.js';
import type { MethodOutput } from '../../../src-shared/contract/index.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { ModelPicker } from '../models/index.js';
import { isNotBuilt } from '../../ui/widgets.js';
import './home.css';
import { ImportFormats } from '../agents/ImportFormats.js';

type Example = MethodOutput<'app.firstRun'>;

/** Home / first run: what Parley is, and the bundled example one click away. */
export function HomePage(_props: { params: Record<string, string> }) {
  const [, navigate] = useLocation();
  const [example, setExample] = useState<Example | null>(null);
  const [other, setOther] = useState<ModelSpecInput | undefined>(undefined);
  const open = useApiMutation('app.firstRun', ['agents.list', 'suites.list']);
  const start = useApiMutation('runs.start', ['runs.list']);
  const agents = useApi('agents.list');
  const suites = useApi('suites.list');
  const personas = useApi('personas.list');
  const agent = example ? agents.data?.find((a) => a.id === example.agent_id) : undefined;
  const suite = example ? suites.data?.find((s) => s.id === example.suite_id) : undefined;

  const openExample = async () => {
    const out = await open.mutateAsync({}).catch(() => undefined);
    if (out) setExample(out);
  };
  const runIt = async (model?: ModelSpecInput) => {
    if (!example) return;
    const spec = model ?? (example.model_spec ? parseModelSpec(example.model_spec) : undefined);
    if (!spec) return;
    const out = await start
      .mutateAsync({
        agent_id: example.agent_id,
        suite_id: example.suite_id,
        models: { agent: spec, caller: spec, judge: spec },
      })
      .catch(() => undefined);
    if (out) navigate(`/runs/${out.run_id}`);
  };

  return (
    <div className="home">
      <h1>Welcome to Parley</h1>
      <p className="lead">
        Parley tests conversational agents offline: you import or draw an agent as a flow, describe the callers who will
        talk to it, and let simulated conversations run on local or cloud models. Every run is kept, so you can compare
        models and agent versions side by side.
      </p>

      <section className="card home-example" aria-label="The example">
        <h2>Try it with the example</h2>
        <p className="muted">
          A small clinic receptionist that books and cancels appointments, with a suite of four tests. It runs on a
          scripted model, so nothing needs to be installed.
        </p>
        {!example && (
          <button type="button" className="primary big" onClick={() => void openExample()} disabled={open.isPending}>
            {open.isPending ? 'Opening…' : 'Open the example'}
          </button>
        )}
        <ErrorBox error={open.error} />
        {example && (
          <div className="example-ready" role="status">
            <p>
              {example.created ? 'The example is in your library: ' : 'The example was already in your library: '}
              the agent <Link href={`/agents/${example.agent_id}`}>{agent?.name ?? 'Maple Street Clinic'}</Link>
              {agent ? ` (${agent.node_count} nodes)` : ''} and the suite{' '}
              <Link href={`/suites/${example.suite_id}`}>{suite?.name ?? 'example suite'}</Link>
              {suite ? ` (${suite.data.tests.length} tests)` : ''}.
            </p>
            <div className="actions">
              <button
                type="button"
                className="primary big"
                onClick={() => void runIt()}
                disabled={!example.model_spec || start.isPending}
              >
                {start.isPending ? 'Starting…' : 'Run it'}
              </button>
              <Link href={`/agents/${example.agent_id}`} className="button">
                Open the agent
              </Link>
              <Link href={`/suites/${example.suite_id}`} className="button">
                Open the suite
              </Link>
            </div>
            {!example.model_spec && (
              <p className="error">
                The bundled scripted model (resources/example/scripted-model.json) is missing from this installation, so
                the example cannot run.
              </p>
            )}
            {example.model_spec && (
              <p className="muted small">
                Runs on <code>{example.model_spec.replace(/^scripted:.*[\\/]/, 'scripted:')}</code> for the agent, the
                simulated caller and the judge.
              </p>
            )}
            <details className="other-model">
              <summary>Run it on another model</summary>
              <p className="muted small">
                One model plays the agent, the caller and the judge. Models come from the{' '}
                <Link href="/models">Models page</Link>.
              </p>
              <ModelPicker label="Model" value={other} onChange={setOther} testId="home-model" />
              <button type="button" disabled={!other?.model || start.isPending} onClick={() => void runIt(other)}>
                Run on this model
              </button>
            </details>
            {start.error &&
              (isNotBuilt(start.error) ? (
                <div className="error-box" role="alert">
                  Running suites is not built yet in this version: <code>runs.start</code> answered “not built”.
                </div>
              ) : (
                <ErrorBox error={start.error} />
              ))}
          </div>
        )}
      </section>

      <section aria-label="Next steps" className="home-steps">
        <h2>Your own agent</h2>
        <ol>
          <li>
            <Link href="/agents">Import an agent</Link> (<ImportFormats />) or draw one.{' '}
            {count(agents.data?.length, 'agent')}
          </li>
          <li>
            <Link href="/personas">Describe callers</Link> with the persona form, or start from a template.{' '}
            {count(personas.data?.length, 'persona')}
          </li>
          <li>
            <Link href="/suites">Write a suite</Link> of tests: who calls, what is judged, what the tools answer.{' '}
            {count(suites.data?.length, 'suite')}
          </li>
          <li>
            <Link href="/models">Set up models</Link>: a folder of GGUF files, Ollama, or an OpenAI-compatible endpoint.
          </li>
          <li>
            <Link href="/runs">Run</Link> and <Link href="/compare">compare</Link>.
          </li>
        </ol>
      </section>
    </div>
  );
}

function count(n: number | undefined, what: string) {
  if (!n) return null;
  return (
    <span className="muted small">
      ({n} {what}
      {n > 1 ? 's' : ''} so far)
    </span>
  );
}
