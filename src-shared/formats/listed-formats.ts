import type { z } from 'zod';
import type { ListedFormat as ListedFormatShape } from '../contract/formats.js';
import { FORMAT_TABLE } from './format-table.js';

export type ListedFormat = z.infer<typeof ListedFormatShape>;

/** Every format Parley reads or writes (agents, suites, call logs), in the table's order: `formats.list`'s answer. */
export function listedFormats(): ListedFormat[] {
  return FORMAT_TABLE.filter((r) => 'import' in r || 'export' in r || 'callLog' in r).map((r): ListedFormat => ({
    id: r.id,
    name: r.name,
    label: r.label,
    import: 'import' in r,
    export: 'export' in r,
    ...('import' in r || 'export' in r ? { holds: 'import' in r && r.import === 'suite' ? 'suite' : 'agent' } : {}),
    ...('extensions' in r ? { extensions: [...r.extensions] } : {}),
    ...('export' in r ? { export_extension: r.export.extension, mime: r.export.mime } : {}),
    call_log: 'callLog' in r,
  }));
}
