import { audioEvaluated, audioLosses } from '../../src-shared/run/audio-findings.js';
import { speechLabel } from '../../src-shared/run/speech-label.js';
import type { Result, Run } from '../../src-shared/schemas/index.js';

interface Xml {
  attrs: (o: Record<string, string | number>) => string;
  escape: (s: string) => string;
}

/** A voice run's JUnit <properties>: how it used speech and what audio evaluation found. */
export function audioProperties(run: Run, results: Result[]): Record<string, string> {
  const speech = speechLabel(run.options.speech);
  const evaluated = results.filter(audioEvaluated);
  return {
    ...(speech ? { speech } : {}),
    ...(evaluated.length
      ? {
          audio_evaluated: String(evaluated.length),
          audio_only_failures: String(evaluated.filter((r) => r.status === 'pass' && audioLosses(r).length).length),
          audio_errors: String(evaluated.filter((r) => r.audio_error).length),
        }
      : {}),
  };
}

/**
 * The verdict on what was heard as its own <testcase> ("<test> [heard through speech]", class
 * `<agent>.<suite>.audio`), for a conversation audio evaluation ran on: a <failure> of type
 * `audio-only` when checks passed on the text and failed on what was heard (the text testcase passed),
 * `audio` when the text testcase failed too; an <error> of type `audio` when the audio part failed;
 * what was said and heard in <system-out>. '' for a conversation that was not heard through speech.
 */
export function audioTestcase(r: Result, c: { name: string; classname: string }, xml: Xml): string {
  if (!audioEvaluated(r)) return '';
  const lines = [
    `    <testcase${xml.attrs({ name: `${c.name} [heard through speech]`, classname: `${c.classname}.audio`, time: '0' })}>`,
  ];
  const losses = audioLosses(r);
  if (r.audio_error)
    lines.push(
      `      <error${xml.attrs({ message: r.audio_error, type: 'audio' })}>${xml.escape(`the audio part failed (the text verdict stands): ${r.audio_error}`)}</error>`,
    );
  else if (losses.length) {
    const type = r.status === 'pass' ? 'audio-only' : 'audio';
    const message = `passed on the text, failed on what was heard: ${losses.map((l) => l.label).join(', ')}`;
    const body = losses.flatMap((l) => [
      `${l.label}: ${l.reason}`,
      ...l.turns.flatMap((t) => [`  turn ${t.index + 1} said:  ${t.said}`, `  turn ${t.index + 1} heard: ${t.heard}`]),
    ]);
    lines.push(`      <failure${xml.attrs({ message, type })}>${xml.escape(body.join('\n'))}</failure>`);
  }
  const heard = r.transcript.flatMap((t, i) =>
    t.heard !== undefined
      ? [`turn ${i + 1} ${t.role} said: ${t.content}`, `turn ${i + 1} ${t.role} heard: ${t.heard}`]
      : [],
  );
  lines.push(`      <system-out>${xml.escape(heard.join('\n'))}</system-out>`, '    </testcase>');
  return lines.join('\n');
}
