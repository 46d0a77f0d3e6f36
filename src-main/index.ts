// Electron entry: the only job here is to hand over to the thin electron/ layer.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDesktop } from './electron/main-window.js';

void startDesktop(dirname(fileURLToPath(import.meta.url)));
