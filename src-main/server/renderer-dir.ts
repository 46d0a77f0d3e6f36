import { fileURLToPath } from 'node:url';

/** Where `npm run build:web` writes the renderer. */
export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));
