import type { SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import type { VtTool } from './schema.js';

const TOOL_KEYS = ['name', 'description', 'parameters', 'type'] as const;
const KIND_BY_TYPE: Record<string, ToolDef['kind']> = {
  custom: 'custom',
  end_call: 'end_call',
  transfer_call: 'transfer_call',
  press_digit: 'press_digit',
};

export function importVtTool(t: VtTool): ToolDef {
  const kind = own(KIND_BY_TYPE, t.type ?? 'custom') ?? 'other';
  const out: ToolDef = {
    name: t.name,
    description: t.description ?? '',
    kind,
    source_meta: compactMeta({
      extra: extras(t, TOOL_KEYS),
      key_order: keyOrder(t, TOOL_KEYS),
      type: t.type === undefined ? null : kind === 'other' ? t.type : undefined,
      description_absent: t.description === undefined ? true : undefined,
      parameters_absent: t.parameters === undefined ? true : undefined,
    }),
  };
  if (t.parameters !== undefined) out.parameters = t.parameters;
  return out;
}

export function exportVtTool(
  t: ToolDef,
  m: SourceMeta,
  text: (s: string) => string = (s) => s,
): Record<string, unknown> {
  const type =
    m.type === null ? undefined : typeof m.type === 'string' ? m.type : t.kind === 'other' ? 'custom' : t.kind;
  return assemble(
    {
      name: t.name,
      description: m.description_absent && t.description === '' ? undefined : text(t.description),
      parameters: t.parameters ?? (m.parameters_absent ? undefined : {}),
      type,
    },
    TOOL_KEYS,
    asObject(m.extra),
    asStrings(m.key_order),
  );
}
