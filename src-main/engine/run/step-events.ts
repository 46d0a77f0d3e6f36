/**
 * A conversation's slow steps in words (`test.step` run events: "turn 3, recognising the caller (speech)"),
 * so a run page or the command line shows more than "0 of 5 done" while speech works. At most one step
 * per `minGapMs` is passed on (a step follows the next quickly when steps are fast).
 */
export type StepSink = (turn: number, text: string) => void;

export function throttledSteps(emit: StepSink, minGapMs = 250, now: () => number = () => performance.now()): StepSink {
  let last = -Infinity;
  return (turn, text) => {
    const t = now();
    if (t - last < minGapMs) return;
    last = t;
    emit(turn, text);
  };
}

/** "turn 3, recognising the caller (speech)": the caller's line on its way to the agent through TTS -> STT. */
export const callerStep = (turn: number) => `turn ${turn + 1}, recognising the caller (speech)`;

/** "hearing the agent (speech): 2 of 4 turns": audio evaluation of the agent's turns after the conversation. */
export const agentStep = (done: number, total: number) => `hearing the agent (speech): ${done} of ${total} turns`;
