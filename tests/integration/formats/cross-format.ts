import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_FORMATS, exportAgent, readAgentFile } from '../../../src-main/formats/index.js';
import { FIXTURE_DIR } from '../../unit/formats/helpers.js';

/** Per fixture and target format: how many features the export drops, or `refused` when the written file does not re-import. */
export async function crossFormatCounts(files: string[]): Promise<Record<string, Record<string, number | string>>> {
  const out: Record<string, Record<string, number | string>> = {};
  for (const file of files) {
    const name = path.relative(FIXTURE_DIR, file);
    const r = await readAgentFile(new Uint8Array(fs.readFileSync(file)), name);
    if (!r.ok || r.kind !== 'agent') throw new Error(`${name} did not import`);
    out[name] = {};
    for (const f of EXPORT_FORMATS) {
      if (f === 'mermaid') continue;
      const e = exportAgent(r.graph, f);
      const back = await readAgentFile(e.text, f === 'livekit' ? 'x.py' : 'x.json');
      // A target whose file Parley itself refuses on re-import is listed as `refused` (a known exporter limit).
      out[name][f] = back.ok ? e.dropped.length : 'refused';
    }
  }
  return out;
}

/** Prints the table for docs/formats.md: `npx tsx tests/integration/formats/cross-format.ts`. */
if (process.argv[1]?.endsWith('cross-format.ts')) {
  const dirs = ['bland', 'telnyx', 'elevenlabs', 'livekit', 'xlsform'];
  const files = dirs.flatMap((d) =>
    fs
      .readdirSync(path.join(FIXTURE_DIR, d))
      .filter((f) => /\.(json|py|xlsx)$/.test(f))
      .sort()
      .map((f) => path.join(FIXTURE_DIR, d, f)),
  );
  const counts = await crossFormatCounts(files);
  const formats = EXPORT_FORMATS.filter((f) => f !== 'mermaid');
  console.log(`| fixture | ${formats.map((f) => `\`${f}\``).join(' | ')} |`);
  console.log(`| --- | ${formats.map(() => '---:').join(' | ')} |`);
  for (const [name, row] of Object.entries(counts))
    console.log(`| \`${name}\` | ${formats.map((f) => row[f]).join(' | ')} |`);
}
