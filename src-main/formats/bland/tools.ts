import type { SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder } from '../shared/meta.js';
import type { BlandTool } from './schema.js';

const TOOL_KEYS = ['name', 'description', 'input_schema'] as const;

/** A Bland custom tool (inline) or the id of a saved tool -> Parley tool. */
export function importBlandTool(t: BlandTool | string): ToolDef {
  if (typeof t === 'string') return { name: t, description: '', kind: 'other', source_meta: { saved_tool_id: true } };
  const out: ToolDef = {
    name: t.name,
    description: t.description ?? '',
    kind: 'custom',
    source_meta: compactMeta({
      extra: extras(t, TOOL_KEYS),
      key_order: keyOrder(t, TOOL_KEYS),
      description_absent: t.description === undefined ? true : undefined,
    }),
  };
  if (t.input_schema !== undefined) out.parameters = t.input_schema;
  return out;
}

/** Parley tool -> Bland custom tool (`m`: kept metadata when writing Bland again, else `{}`). */
export function exportBlandTool(
  t: ToolDef,
  m: SourceMeta,
  text: (s: string) => string,
): Record<string, unknown> | string {
  if (m.saved_tool_id) return t.name;
  return assemble(
    {
      name: t.name,
      description: m.description_absent && t.description === '' ? undefined : text(t.description),
      input_schema: t.parameters,
    },
    TOOL_KEYS,
    asObject(m.extra),
    asStrings(m.key_order),
  );
}
