import {
  AGENT_FORMATS,
  EXPORT_FORMATS,
  FORMAT_NAMES,
  SUITE_FORMATS,
  type DetectedFormat,
  type ExportFormat,
} from '../../formats/index.js';
import type { Handlers } from './types.js';

export const formatHandlers: Handlers = {
  'formats.list': () => {
    const ids = [...new Set<DetectedFormat | ExportFormat>([...AGENT_FORMATS, ...SUITE_FORMATS, ...EXPORT_FORMATS])];
    return ids.map((id) => ({
      id,
      name: FORMAT_NAMES[id],
      import: (AGENT_FORMATS as readonly string[]).includes(id) || (SUITE_FORMATS as readonly string[]).includes(id),
      export: (EXPORT_FORMATS as readonly string[]).includes(id),
    }));
  },
};
