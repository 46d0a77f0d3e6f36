import type { ModelInfo } from '../../../src-shared/schemas/index.js';
import { formatContext, modelWhere } from './format.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';
import { listedModelName } from '../../../src-shared/text/model-name.js';

/** Models one provider offers, with the facts that matter for choosing one. */
export function ModelTable({ models, empty }: { models: ModelInfo[]; empty: string }) {
  if (!models.length) return <p className="muted">{empty}</p>;
  return (
    <table className="model-table">
      <thead>
        <tr>
          <th>Model</th>
          <th>Size</th>
          <th>Quantization</th>
          <th>Context</th>
          <th>Architecture</th>
          <th>Where</th>
        </tr>
      </thead>
      <tbody>
        {models.map((m) => (
          <tr key={m.spec}>
            <td>
              <strong>{listedModelName(m)}</strong>
              {m.digest && (
                <div className="muted small mono" title={m.digest}>
                  {m.digest.replace(/^sha256:/, '').slice(0, 12)}
                </div>
              )}
            </td>
            <td className="nowrap">{formatBytes(m.size_bytes, '—')}</td>
            <td>{m.quantization ?? '—'}</td>
            <td className="nowrap">{formatContext(m.context_length)}</td>
            <td>{m.architecture ?? '—'}</td>
            <td className="muted small where">{modelWhere(m)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ProviderErrors({ errors }: { errors: { message: string }[] }) {
  if (!errors.length) return null;
  return (
    <div className="error-box provider-errors" role="alert">
      {errors.map((e, i) => (
        <div key={i}>{e.message}</div>
      ))}
    </div>
  );
}
