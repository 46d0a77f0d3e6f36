import { z } from 'zod';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportLiveKit } from './export.js';
import { importLiveKit } from './import.js';
import type { PyModule } from './python-module.js';

/** LiveKit Agents Python source (a `.py` file): at least one class deriving from `Agent`. */
export const livekitImporter: AgentImporter = {
  id: 'livekit',
  input: 'python',
  detect: (doc) => (doc as PyModule).classes.length > 0,
  schema: z.looseObject({ classes: z.array(z.looseObject({ name: z.string().min(1) })).min(1) }),
  import: (doc, ctx) => importLiveKit(doc as PyModule, ctx),
};

export const livekitExporter: AgentExporter = {
  id: 'livekit',
  nativeFormats: ['livekit'],
  render: exportLiveKit,
  toText: (value) => value as string,
};
