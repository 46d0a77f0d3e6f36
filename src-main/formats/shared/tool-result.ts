/** The prompt condition of a branch on a tool call's result (ElevenLabs tool nodes, voicetest function nodes). */
export const resultPrompt = (ok: boolean) => (ok ? 'The tool call succeeded.' : 'The tool call failed.');
