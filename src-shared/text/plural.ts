/**
 * A count with its noun, singular or plural: `plural(1, 'turn')` -> "1 turn", `plural(4, 'new test', 'new tests')`
 * -> "4 new tests". The one pluralizer of the app and the CLI's texts (no "turn(s)", no "1 turns").
 * `many` defaults to the noun + "s" (enough for the words Parley prints); pass it for the others.
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** The noun alone, for a count printed elsewhere: `noun(2, 'conversation')` -> "conversations". */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
