/**
 * Token and size bounds for every model call the engine makes. Random-weight test models produce
 * gibberish and run to maxTokens, so every call carries one and every schema string has a maxLength.
 */
export interface EngineLimits {
  chatMaxTokens: number;
  callerMaxTokens: number;
  callerMessageChars: number;
  routeMaxTokens: number;
  reasonChars: number;
  extractMaxTokens: number;
  extractTextChars: number;
  toolArgsMaxTokens: number;
  /** maxLength given to unbounded strings of a tool's parameter schema. */
  toolArgChars: number;
  judgeMaxTokensPerMetric: number;
  /** Bound of a verdict's reasoning: short by default; FULL_JUDGE_REASON_CHARS with the run option judge_reasoning: full. */
  judgeReasonChars: number;
  factsMaxTokens: number;
  maxFacts: number;
  factChars: number;
  /** Agent chat rounds of tool calls before a reply is forced to stop. */
  maxToolRounds: number;
  /** Node entries in a row without a caller turn before the run is declared a transition loop. */
  maxAutoMoves: number;
  /** Transcript turns shown to the router/extractor (the most recent ones). */
  contextTurns: number;
}

export const DEFAULT_LIMITS: EngineLimits = {
  chatMaxTokens: 256,
  callerMaxTokens: 160,
  callerMessageChars: 400,
  routeMaxTokens: 96,
  reasonChars: 160,
  extractMaxTokens: 192,
  extractTextChars: 120,
  toolArgsMaxTokens: 192,
  toolArgChars: 200,
  judgeMaxTokensPerMetric: 160,
  judgeReasonChars: 120,
  factsMaxTokens: 400,
  maxFacts: 12,
  factChars: 160,
  maxToolRounds: 4,
  maxAutoMoves: 32,
  contextTurns: 40,
};

/** A verdict's reasoning bound when a run asks for `judge_reasoning: full` (the default is DEFAULT_LIMITS.judgeReasonChars). */
export const FULL_JUDGE_REASON_CHARS = 300;
