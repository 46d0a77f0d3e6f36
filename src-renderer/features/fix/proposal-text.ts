/** The words around a fix proposal's figures (the Fix page), kept apart to be tested. */

/** "confidence 100% (the model's own guess, not a measurement)": a model's confidence is what it says of itself. */
export function confidenceText(confidence: number): string {
  return `confidence ${Math.round(confidence * 100)}% (the model's own guess, not a measurement)`;
}

/** "2 proposed edits left out: they could not be applied as the model gave them (why, for each:)". */
export function droppedSummary(n: number): string {
  return `${n} proposed edit${n === 1 ? '' : 's'} left out: ${n === 1 ? 'it' : 'they'} could not be applied as the model gave ${n === 1 ? 'it' : 'them'} (why, for each:)`;
}
