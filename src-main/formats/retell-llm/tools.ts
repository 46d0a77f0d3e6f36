import type { SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import type { RetellLlmTool } from './schema.js';

const TOOL_KEYS = ['type', 'name', 'description', 'parameters'] as const;
const KIND_BY_TYPE: Record<string, ToolDef['kind']> = {
  custom: 'custom',
  end_call: 'end_call',
  transfer_call: 'transfer_call',
  press_digit: 'press_digit',
};
const TYPE_BY_KIND: Record<ToolDef['kind'], string> = {
  custom: 'custom',
  end_call: 'end_call',
  transfer_call: 'transfer_call',
  press_digit: 'press_digit',
  other: 'custom',
};

export function importLlmTool(t: RetellLlmTool, scope: 'general' | 'state'): ToolDef {
  const kind = own(KIND_BY_TYPE, t.type) ?? 'other';
  const out: ToolDef = {
    name: t.name,
    description: t.description ?? '',
    kind,
    source_meta: compactMeta({
      scope: scope === 'general' ? 'general' : undefined,
      extra: extras(t, TOOL_KEYS),
      key_order: keyOrder(t, TOOL_KEYS),
      type: TYPE_BY_KIND[kind] !== t.type ? t.type : undefined,
      description_absent: t.description === undefined ? true : undefined,
    }),
  };
  if (t.parameters !== undefined) out.parameters = t.parameters;
  return out;
}

/** `meta`: the tool's kept metadata when exporting to Retell LLM again (else `{}`); `text` expands snippets. */
export function exportLlmTool(
  t: ToolDef,
  m: SourceMeta,
  text: (s: string) => string = (s) => s,
): Record<string, unknown> {
  return assemble(
    {
      type: typeof m.type === 'string' ? m.type : TYPE_BY_KIND[t.kind],
      name: t.name,
      description: m.description_absent && t.description === '' ? undefined : text(t.description),
      parameters: t.parameters,
    },
    TOOL_KEYS,
    asObject(m.extra),
    asStrings(m.key_order),
  );
}
