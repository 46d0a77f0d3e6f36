import type { SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import type { VapiTool } from './schema.js';

const TOOL_KEYS = ['type', 'function'] as const;
const FN_KEYS = ['name', 'description', 'parameters'] as const;
const KIND_BY_TYPE: Record<string, ToolDef['kind']> = {
  function: 'custom',
  endCall: 'end_call',
  transferCall: 'transfer_call',
  dtmf: 'press_digit',
};
const TYPE_BY_KIND: Record<ToolDef['kind'], string> = {
  custom: 'function',
  end_call: 'endCall',
  transfer_call: 'transferCall',
  press_digit: 'dtmf',
  other: 'function',
};

/** A function that only says it ends the call (`end_call`, no parameters): read as VAPI's endCall built-in. */
const namedEndCall = (t: VapiTool) =>
  t.type === 'function' && /^end_?call$/i.test(t.function?.name ?? '') && t.function?.parameters === undefined;

/** A VAPI tool -> Parley tool. Built-ins without a function get their type as name (`endCall`). */
export function importVapiTool(t: VapiTool): ToolDef {
  const kind = namedEndCall(t) ? 'end_call' : (own(KIND_BY_TYPE, t.type) ?? 'other');
  const fn = t.function;
  const out: ToolDef = {
    name: fn?.name ?? t.type,
    description: fn?.description ?? '',
    kind,
    source_meta: compactMeta({
      type: TYPE_BY_KIND[kind] !== t.type ? t.type : undefined,
      extra: extras(t, TOOL_KEYS),
      key_order: keyOrder(t, TOOL_KEYS),
      function_absent: fn ? undefined : true,
      function_extra: fn ? extras(fn, FN_KEYS) : undefined,
      function_key_order: fn ? keyOrder(fn, FN_KEYS) : undefined,
      description_absent: fn && fn.description === undefined ? true : undefined,
    }),
  };
  if (fn?.parameters !== undefined) out.parameters = fn.parameters;
  return out;
}

/** Parley tool -> VAPI tool. `m` is the tool's kept metadata when exporting back to VAPI, else `{}`. */
export function exportVapiTool(
  t: ToolDef,
  m: SourceMeta,
  text: (s: string) => string = (s) => s,
): Record<string, unknown> {
  const type = typeof m.type === 'string' ? m.type : TYPE_BY_KIND[t.kind];
  const writeFunction =
    !m.function_absent &&
    (type === 'function' ||
      t.description !== '' ||
      t.parameters !== undefined ||
      t.name !== type ||
      'function_extra' in m);
  const fn = writeFunction
    ? assemble(
        {
          name: t.name,
          description: m.description_absent && t.description === '' ? undefined : text(t.description),
          parameters: t.parameters,
        },
        FN_KEYS,
        asObject(m.function_extra),
        asStrings(m.function_key_order),
      )
    : undefined;
  return assemble({ type, function: fn }, TOOL_KEYS, asObject(m.extra), asStrings(m.key_order));
}
