/**
 * Plays a WAV the server synthesised (base64) and resolves when it has finished. Blob URLs, because the app's
 * content security policy allows media only from 'self' and blob:.
 */
export async function playWavBase64(base64: string): Promise<void> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'audio/wav' }));
  try {
    const audio = new Audio(url);
    await new Promise<void>((resolve, reject) => {
      audio.onended = () => resolve();
      audio.onerror = () => reject(new Error('the browser could not play the audio'));
      audio.play().catch(reject);
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
