import { describe, expect, it } from 'vitest';
import { escapeXml, failureReasons, toJUnitXml, toJUnitXmlRuns } from '../../../src-main/reports/junit.js';
import { mkResult, mkRun, turn } from '../compare/build.js';

/** Minimal well-formedness check: balanced tags, quoted attributes, no raw & or < in text. */
function checkWellFormed(xml: string): { tags: string[] } {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  const tags: string[] = [];
  const re = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(body))) {
    if (m.index !== consumed) throw new Error(`unparsable XML at ${consumed}: ${body.slice(consumed, consumed + 40)}`);
    consumed = re.lastIndex;
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[5])) throw new Error(`raw & in text: ${m[5].slice(0, 40)}`);
      continue;
    }
    if (m[1]) {
      if (stack.pop() !== m[2]) throw new Error(`mismatched </${m[2]}>`);
    } else {
      tags.push(m[2]);
      if (!m[4]) stack.push(m[2]);
    }
  }
  if (consumed !== body.length) throw new Error(`trailing data at ${consumed}`);
  if (stack.length) throw new Error(`unclosed ${stack.join(',')}`);
  return { tags };
}

describe('JUnit XML', () => {
  const run = mkRun({ id: 'run_j', agent_name: 'Dental & Co', suite_name: 'smoke <v2>' });
  const results = [
    mkResult({
      test: 'greets',
      test_index: 0,
      duration_ms: 1500,
      transcript: [turn('agent', 'Hi "there" & welcome <3', 'greet')],
    }),
    mkResult({
      test: 'books',
      test_index: 1,
      status: 'fail',
      metrics: [{ criterion: 'Books it', score: 0.25, threshold: 0.7, passed: false, reasoning: 'no booking' }],
      rules: [{ kind: 'includes', target: 'Tuesday', passed: false, message: 'missing' }],
    }),
    mkResult({
      test: 'crashes',
      test_index: 2,
      status: 'error',
      end_reason: 'error',
      error: 'ollama: connection refused \u0001',
    }),
    mkResult({ test: 'rep', test_index: 3, repeat: 0 }),
    mkResult({ test: 'rep', test_index: 3, repeat: 1, status: 'fail' }),
    mkResult({ test: 'call 1', test_index: 4, status: 'imported', end_reason: 'imported' }),
  ];
  const xml = toJUnitXml(run, results);

  it('is well-formed and escapes everything', () => {
    const { tags } = checkWellFormed(xml);
    expect(tags.filter((t) => t === 'testcase')).toHaveLength(6);
    expect(xml).toContain('Hi &quot;there&quot; &amp; welcome &lt;3');
    expect(xml).toContain('name="smoke &lt;v2&gt;"');
    expect(xml).not.toContain('\u0001');
  });

  it('counts tests, failures, errors, skipped and time', () => {
    expect(xml).toContain('<testsuites name="parley" tests="6" failures="2" errors="1" skipped="1" time="6.500">');
  });

  it('failure lists every failed metric and rule; error carries the message; imported is skipped', () => {
    expect(failureReasons(results[1])).toEqual([
      'metric "Books it" scored 0.25 < 0.70: no booking',
      'rule includes "Tuesday" failed: missing',
    ]);
    expect(xml).toMatch(
      /<failure message="metric &quot;Books it&quot; scored 0.25 &lt; 0.70: no booking" type="parley">/,
    );
    expect(xml).toMatch(/<error message="ollama: connection refused \uFFFD" type="error">/);
    expect(xml).toContain('<skipped message="imported call, not evaluated (parley evaluate)"/>');
  });

  it('names repeats and records run properties', () => {
    expect(xml).toContain('name="rep (repeat 1)"');
    expect(xml).toContain('name="rep (repeat 2)"');
    expect(xml).toContain('classname="Dental &amp; Co.smoke &lt;v2&gt;"');
    expect(xml).toContain('<property name="run_id" value="run_j"/>');
    expect(xml).toContain('<property name="agent_model" value="scripted:a.json"/>');
  });

  it('escapeXml handles all five entities', () => {
    expect(escapeXml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });

  it('several runs (a model matrix): one testsuite per run named with its model, totals over all', () => {
    const other = mkRun({
      id: 'run_k',
      suite_name: 'smoke',
      models: { agent: { spec: { provider: 'ollama', model: 'qwen2.5', params: {} } } },
    });
    const multi = toJUnitXmlRuns([
      { run, results },
      { run: other, results: [mkResult({ test: 'greets', status: 'fail' })] },
    ]);
    checkWellFormed(multi);
    expect(multi).toContain('<testsuites name="parley" tests="7" failures="3" errors="1" skipped="1"');
    expect(multi).toContain('<testsuite name="smoke &lt;v2&gt; [scripted:a.json]" id="run_j"');
    expect(multi).toContain('<testsuite name="smoke [ollama:qwen2.5]" id="run_k"');
  });
});

describe('JUnit XML of a voice run (audio evaluation)', () => {
  const run = mkRun({
    id: 'run_v',
    suite_name: 'speech',
    options: {
      concurrency: 4,
      speech: {
        tts: 'espeak-ng',
        stt: 'pocketsphinx',
        audio_eval: true,
        engines: {
          tts: { engine: 'command', preset: 'espeak-ng' },
          stt: { engine: 'command', preset: 'pocketsphinx' },
        },
      },
    },
  });
  const said = 'Your reference number is 415 555 1234.';
  const heard = 'your reference number is for one five five five one two three four';
  const includes = (passed: boolean) => ({
    kind: 'includes',
    target: 'agent:415 555 1234',
    passed,
    message: passed ? '' : 'transcript does not contain "415 555 1234"',
  });
  const results = [
    mkResult({
      test: 'reads the number',
      test_index: 0,
      transcript: [{ ...turn('agent', said, 'greeting'), heard }, turn('caller', 'thanks')],
      rules: [includes(true)],
      audio_rules: [includes(false)],
    }),
    mkResult({
      test: 'heard fine',
      test_index: 1,
      transcript: [{ ...turn('agent', 'Hello.'), heard: 'hello' }],
      rules: [includes(true)],
      audio_rules: [includes(true)],
    }),
    mkResult({ test: 'stt down', test_index: 2, audio_error: 'turn 0 (agent): stt engine command (x): not found' }),
    mkResult({ test: 'text only', test_index: 3 }),
  ];
  const xml = toJUnitXml(run, results);

  it('an audio-only failure is its own failing testcase, with what was said and heard', () => {
    checkWellFormed(xml);
    expect(xml).toContain('<testcase name="reads the number [heard through speech]" classname="Dental.speech.audio"');
    expect(xml).toContain(
      '<failure message="passed on the text, failed on what was heard: includes &quot;agent:415 555 1234&quot;" type="audio-only">',
    );
    expect(xml).toContain(`turn 1 said:  ${said}`);
    expect(xml).toContain(`turn 1 heard: ${heard}`);
    // the text testcase keeps the text verdict (pass: no failure inside it)
    const textCase = xml.slice(xml.indexOf('<testcase name="reads the number"'), xml.indexOf('[heard through speech]'));
    expect(textCase).not.toContain('<failure');
    expect(textCase).toContain(`  heard: ${heard}`);
  });

  it('a conversation heard right passes its audio testcase; a failed audio part is an error; text-only has none', () => {
    expect(xml).toContain('name="heard fine [heard through speech]"');
    expect(xml).toContain('<error message="turn 0 (agent): stt engine command (x): not found" type="audio">');
    expect(xml).not.toContain('text only [heard through speech]');
    // 4 conversations + 3 audio testcases; 1 audio failure, 1 audio error
    expect(xml).toContain('<testsuites name="parley" tests="7" failures="1" errors="1"');
  });

  it('the suite names how the run used speech and counts the audio verdicts', () => {
    expect(xml).toContain('<property name="speech" value="audio eval · espeak-ng -&gt; pocketsphinx"/>');
    expect(xml).toContain('<property name="audio_only_failures" value="1"/>');
    expect(xml).toContain('<property name="audio_errors" value="1"/>');
  });
});
