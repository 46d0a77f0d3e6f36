import { useState } from 'react';
import { AudioEvalOutput } from '../../../../src-shared/contract/speech.js';
import type { Run } from '../../../../src-shared/schemas/run.js';
import { isCopiedRun } from '../../../../src-shared/run/copied.js';
import { useApiMutation } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { DialogActions } from '../../../ui/DialogActions.js';
import { ErrorBox } from '../../../ui/common.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { useJob } from '../../../ui/jobs/use-job.js';

/**
 * "Run audio evaluation…" on a finished run (issue 11): every agent message spoken (TTS) and recognised
 * again (STT); the heard text is stored beside each turn and the run's metrics and rules are judged again on it.
 */
export function AudioEvalButton({ run }: { run: Run }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)} data-testid="audio-eval-open">
        Run audio evaluation…
      </button>
      {open && <AudioEvalDialog run={run} onClose={() => setOpen(false)} />}
    </>
  );
}

function AudioEvalDialog({ run, onClose }: { run: Run; onClose: () => void }) {
  const evaluate = useApiMutation('speech.audioEval');
  const job = useJob(evaluate.data?.job_id, { result: AudioEvalOutput, invalidates: ['runs.results', 'runs.result'] });
  const busy = evaluate.isPending || job.running;
  // the run's own engines, unless it was copied from another database (its author's programs and hosts)
  const own = isCopiedRun(run) ? undefined : run.options.speech;
  const [tts, setTts] = useState(own?.tts ?? 'flite');
  const [stt, setStt] = useState(own?.stt ?? 'pocketsphinx');
  const [noise, setNoise] = useState(run.options.speech?.phone_noise?.toString() ?? '');
  const n = noise.trim() ? Number(noise) : undefined;
  const noiseProblem = n !== undefined && !(n >= 0 && n <= 1) ? 'Phone noise: a level from 0 to 1' : null;
  const out = job.result;
  return (
    <Dialog
      title="Run audio evaluation"
      testId="audio-eval"
      onClose={onClose}
      dismissable={!busy}
      actions={
        out ? (
          <button onClick={onClose}>Close</button>
        ) : (
          <DialogActions
            onCancel={onClose}
            onConfirm={() =>
              evaluate.mutate({
                run_id: run.id,
                tts: tts.trim(),
                stt: stt.trim(),
                ...(n !== undefined ? { phone_noise: n } : {}),
              })
            }
            pending={busy}
            disabled={!tts.trim() || !stt.trim() || !!noiseProblem}
            label="Evaluate"
            pendingLabel="Speaking and listening…"
          />
        )
      }
    >
      <p className="muted small">
        Every agent message is spoken and recognised again, as a caller on the phone would hear it. What was heard is
        stored beside each turn, and the run&apos;s metrics and rule checks are judged again on it with the run&apos;s
        judge. The text verdicts are kept. Engines: a preset (flite, espeak-ng, pocketsphinx, say, piper:VOICE.onnx,
        whisper-cli:MODEL.bin), openai:MODEL@URL, or command:PROGRAM ARGS (desktop app only).
      </p>
      <label>
        Text-to-speech
        <input aria-label="Text-to-speech engine" value={tts} onChange={(e) => setTts(e.target.value)} />
      </label>
      <label>
        Speech-to-text
        <input aria-label="Speech-to-text engine" value={stt} onChange={(e) => setStt(e.target.value)} />
      </label>
      <label>
        Phone line noise (optional, 0 to 1)
        <input aria-label="Phone noise" inputMode="decimal" value={noise} onChange={(e) => setNoise(e.target.value)} />
      </label>
      {noiseProblem && (
        <div className="muted small" role="status">
          {noiseProblem}.
        </div>
      )}
      {evaluate.data && !out && <JobProgress job={job.job} onCancel={job.cancel} label="Speaking and listening" />}
      {out && (
        <p role="status" data-testid="audio-eval-done">
          {out.turns} agent turn(s) in {out.conversations} conversation(s) heard in {(out.ms / 1000).toFixed(1)} s:{' '}
          {out.lost_in_speech} check(s) passed on the text and failed on what was heard
          {out.errors ? `; ${out.errors} conversation(s) with the audio part failed (see each result)` : ''}.
        </p>
      )}
      <ErrorBox error={evaluate.error} />
    </Dialog>
  );
}
