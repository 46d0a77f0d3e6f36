import type { SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder } from '../shared/meta.js';
import type { ElTool } from './schema.js';

const TOOL_KEYS = ['type', 'name', 'description'] as const;
/** System tools and the Parley kind they are (the rest are webhook / client tools: custom). */
const SYSTEM_KINDS: Record<string, ToolDef['kind']> = {
  end_call: 'end_call',
  transfer_to_number: 'transfer_call',
  transfer_to_agent: 'transfer_call',
  play_keypad_touch_tone: 'press_digit',
};

/** The JSON Schema of a tool's arguments: `parameters` (client tools) or `api_schema.request_body_schema` (webhooks). */
function argumentsSchema(t: Record<string, unknown>): { schema?: Record<string, unknown>; from?: string } {
  const params = asObject(t.parameters);
  if (params) return { schema: params, from: 'parameters' };
  const body = asObject(asObject(t.api_schema)?.request_body_schema);
  return body ? { schema: body, from: 'api_schema' } : {};
}

export function importElTool(t: ElTool): ToolDef {
  const kind = t.type === 'system' ? (Object.hasOwn(SYSTEM_KINDS, t.name) ? SYSTEM_KINDS[t.name] : 'other') : 'custom';
  const args = argumentsSchema(t);
  const out: ToolDef = {
    name: t.name,
    description: t.description ?? '',
    kind,
    source_meta: compactMeta({
      extra: extras(t, TOOL_KEYS),
      key_order: keyOrder(t, TOOL_KEYS),
      type: t.type,
      description_absent: t.description === undefined ? true : undefined,
      parameters_from: args.from,
    }),
  };
  if (args.schema) out.parameters = args.schema;
  return out;
}

/** Parley tool -> ElevenLabs tool (`m`: kept metadata when writing ElevenLabs again, else `{}`). */
export function exportElTool(t: ToolDef, m: SourceMeta, text: (s: string) => string): Record<string, unknown> {
  const type = typeof m.type === 'string' ? m.type : t.kind === 'custom' || t.kind === 'other' ? 'client' : 'system';
  const extra = { ...asObject(m.extra) };
  if (t.parameters !== undefined) {
    if (m.parameters_from === 'api_schema')
      extra.api_schema = { ...asObject(extra.api_schema), request_body_schema: t.parameters };
    else extra.parameters = t.parameters;
  }
  const name = type === 'system' && !m.type ? systemName(t) : t.name;
  return assemble(
    { type, name, description: m.description_absent && t.description === '' ? undefined : text(t.description) },
    TOOL_KEYS,
    extra,
    asStrings(m.key_order),
  );
}

function systemName(t: ToolDef): string {
  if (t.kind === 'end_call') return 'end_call';
  if (t.kind === 'transfer_call') return 'transfer_to_number';
  if (t.kind === 'press_digit') return 'play_keypad_touch_tone';
  return t.name;
}
