import { LabelsImported } from '../../../../src-shared/contract/labels.js';
import { api } from '../../../api/client.js';
import { useRef, useState } from 'react';
import { useApiMutation } from '../../../api/hooks.js';
import { ErrorBox } from '../../../ui/common.js';
import { downloadText } from '../../../ui/download.js';

/** "Export labels" / "Import labels...": the same files as `parley labels export|import`. */
export function LabelsFileButtons({ runId }: { runId: string }) {
  const exp = useApiMutation('labels.export');
  const imp = useApiMutation('labels.import', ['labels.list', 'labels.agreement']);
  const input = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <span className="labels-file">
      <button
        onClick={() =>
          exp.mutate(
            { run_id: runId },
            {
              onSuccess: (file) =>
                downloadText(`labels-${runId}.json`, JSON.stringify(file, null, 2) + '\n', 'application/json'),
            },
          )
        }
        disabled={exp.isPending}
      >
        Export labels
      </button>
      <button onClick={() => input.current?.click()} disabled={imp.isPending}>
        Import labels…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Labels file"
        onChange={async (e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (!f) return;
          setDone(null);
          imp.mutate(
            { text: await f.text(), file: f.name },
            {
              onSuccess: async (o) => {
                const job = await api.call('jobs.get', { id: o.job_id });
                const r = LabelsImported.safeParse(job.result);
                if (r.success)
                  setDone(
                    `${r.data.file}: ${r.data.added} added, ${r.data.updated} updated, ${r.data.kept} kept (already here or older)`,
                  );
              },
            },
          );
        }}
      />
      {done && (
        <span className="muted small" role="status">
          {' '}
          {done}
        </span>
      )}
      <ErrorBox error={exp.error ?? imp.error} />
    </span>
  );
}
