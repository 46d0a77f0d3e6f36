/** A compared run's letter, as every part of the compare page names it: A (the baseline), B, C… then R27, R28… */
export const runLetter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : `R${i + 1}`);

/** Run id -> its letter, in the order the runs are compared. */
export const runLetters = (runIds: string[]): Map<string, string> => new Map(runIds.map((id, i) => [id, runLetter(i)]));
