import type { SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import type { TelnyxTool } from './schema.js';

const WEBHOOK_KEYS = ['name', 'description', 'body_parameters'] as const;
/** Built-in Telnyx tools: Parley's kind and the name the tool goes by in the graph. */
const BUILT_INS: Record<string, ToolDef['kind']> = {
  hangup: 'end_call',
  transfer: 'transfer_call',
  send_dtmf: 'press_digit',
};
const TYPE_BY_KIND: Partial<Record<ToolDef['kind'], string>> = {
  end_call: 'hangup',
  transfer_call: 'transfer',
  press_digit: 'send_dtmf',
};

/** A Telnyx tool (not a handoff) -> Parley tool: webhooks are custom tools, built-ins keep their type as name. */
export function importTelnyxTool(t: TelnyxTool): ToolDef {
  if (t.type === 'webhook' && t.webhook) {
    const w = t.webhook;
    const out: ToolDef = {
      name: w.name,
      description: w.description ?? '',
      kind: 'custom',
      source_meta: compactMeta({
        extra: extras(t, ['type', 'webhook']),
        webhook_extra: extras(w, WEBHOOK_KEYS),
        webhook_key_order: keyOrder(w, WEBHOOK_KEYS),
        description_absent: w.description === undefined ? true : undefined,
      }),
    };
    if (w.body_parameters !== undefined) out.parameters = w.body_parameters;
    return out;
  }
  const settings = asObject((t as Record<string, unknown>)[t.type]);
  const description = typeof settings?.description === 'string' ? settings.description : '';
  return {
    name: t.type,
    description,
    kind: own(BUILT_INS, t.type) ?? 'other',
    source_meta: compactMeta({ raw: t }),
  };
}

/** Parley tool -> Telnyx tool (`m`: kept metadata when writing Telnyx again, else `{}`). */
export function exportTelnyxTool(t: ToolDef, m: SourceMeta, text: (s: string) => string): Record<string, unknown> {
  const raw = asObject(m.raw);
  if (raw && raw.type === t.name) return raw;
  const builtIn = TYPE_BY_KIND[t.kind];
  if (builtIn && t.name === builtIn)
    return { type: builtIn, [builtIn]: t.description ? { description: text(t.description) } : {} };
  const webhook = assemble(
    {
      name: t.name,
      description: m.description_absent && t.description === '' ? undefined : text(t.description),
      body_parameters: t.parameters,
    },
    WEBHOOK_KEYS,
    asObject(m.webhook_extra),
    asStrings(m.webhook_key_order),
  );
  return assemble({ type: 'webhook', webhook }, ['type', 'webhook'], asObject(m.extra));
}
