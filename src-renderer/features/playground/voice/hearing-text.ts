/** "Recognising your speech with pocketsphinx (12 s; the first takes longer: loading the recogniser)". */
export function hearingText(stt: string, seconds: number, first: boolean): string {
  return `Recognising your speech with ${stt} (${seconds} s${first ? '; the first takes longer: loading the recogniser' : ''})`;
}
