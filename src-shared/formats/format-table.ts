/**
 * THE list of outside formats Parley knows, with what a person sees of each: one row per format id. The
 * contract's and schemas' enums (format-ids.ts), `formats.list`, the renderer's labels and menus and the
 * CLI's `--format` choices and help all read it; the main side's definitions (src-main/formats/registry.ts,
 * src-main/transcripts/call-readers.ts) are keyed by the same ids (docs/architecture.md, "Adding a format").
 */
export interface FormatRow {
  readonly id: string;
  /** Who makes it, as the CLI's help names it ("Retell" for both Retell formats). */
  readonly platform: string;
  /** Short, for lists: the Agents page's source column. */
  readonly label: string;
  /** The name people know it by: menus, `formats.list`, detection's messages. */
  readonly name: string;
  /** Parley reads files of it that hold an agent or a test suite (`parley import`, the import dialog). */
  readonly import?: 'agent' | 'suite';
  /** The endings of the files it is read from (the import dialog offers them). */
  readonly extensions?: readonly string[];
  /** Parley writes agents in it: the written file's name ending and MIME type. */
  readonly export?: { readonly extension: string; readonly mime: string };
  /** `calls.import` reads real call logs in it. */
  readonly callLog?: true;
  /** Neither read nor written: only a graph's `source.format` names it (a graph drawn in Parley). */
  readonly graphSourceOnly?: true;
}

const JSON_FILE = ['.json'] as const;
const json = (extension: string) => ({ extension, mime: 'application/json' }) as const;
const text = (extension: string) => ({ extension, mime: 'text/plain' }) as const;

/** In the order people see them (`formats.list`, menus, enums). */
export const FORMAT_TABLE = [
  {
    id: 'retell-cf',
    platform: 'Retell',
    label: 'Retell flow',
    name: 'Retell conversation flow',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('retell-flow.json'),
  },
  {
    id: 'retell-llm',
    platform: 'Retell',
    label: 'Retell LLM',
    name: 'Retell LLM (single or multi-state prompt)',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('retell-llm.json'),
  },
  { id: 'retell', platform: 'Retell', label: 'Retell call', name: 'Retell call', callLog: true },
  {
    id: 'vapi',
    platform: 'VAPI',
    label: 'VAPI',
    name: 'VAPI assistant',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('vapi.json'),
    callLog: true,
  },
  {
    id: 'vapi-squad',
    platform: 'VAPI',
    label: 'VAPI squad',
    name: 'VAPI squad',
    import: 'agent',
    extensions: JSON_FILE,
  },
  {
    id: 'revring',
    platform: 'RevRing',
    label: 'RevRing',
    name: 'RevRing flow definition',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('revring.json'),
  },
  {
    id: 'voicetest',
    platform: 'voicetest',
    label: 'voicetest',
    name: 'voicetest graph JSON',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('voicetest.json'),
  },
  {
    id: 'bland',
    platform: 'Bland',
    label: 'Bland',
    name: 'Bland agent configuration',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('bland.json'),
    callLog: true,
  },
  {
    id: 'bland-pathway',
    platform: 'Bland',
    label: 'Bland pathway',
    name: 'Bland conversational pathway',
    import: 'agent',
    extensions: JSON_FILE,
  },
  {
    id: 'telnyx',
    platform: 'Telnyx',
    label: 'Telnyx',
    name: 'Telnyx AI assistant(s)',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('telnyx.json'),
    callLog: true,
  },
  {
    id: 'livekit',
    platform: 'LiveKit',
    label: 'LiveKit',
    name: 'LiveKit Agents Python source',
    import: 'agent',
    extensions: ['.py'],
    export: text('livekit_agent.py'),
  },
  {
    id: 'elevenlabs',
    platform: 'ElevenLabs',
    label: 'ElevenLabs',
    name: 'ElevenLabs agent (config and workflow)',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('elevenlabs.json'),
  },
  {
    id: 'xlsform',
    platform: 'XLSForm',
    label: 'XLSForm',
    name: 'XLSForm survey (.xlsx, import only)',
    import: 'agent',
    extensions: ['.xlsx'],
  },
  {
    id: 'parley',
    platform: 'Parley',
    label: 'Parley',
    name: 'Parley agent JSON',
    import: 'agent',
    extensions: JSON_FILE,
    export: json('parley.json'),
  },
  {
    id: 'voicetest-tests',
    platform: 'voicetest',
    label: 'voicetest tests',
    name: 'voicetest test list',
    import: 'suite',
    extensions: JSON_FILE,
  },
  {
    id: 'parley-suite',
    platform: 'Parley',
    label: 'Parley suite',
    name: 'Parley suite JSON',
    import: 'suite',
    extensions: JSON_FILE,
  },
  {
    id: 'vapi-evals',
    platform: 'VAPI',
    label: 'Vapi Evals',
    name: 'Vapi Evals (chat.mockConversation) as checkpoint tests',
    import: 'suite',
    extensions: JSON_FILE,
  },
  {
    id: 'elevenlabs-tests',
    platform: 'ElevenLabs',
    label: 'ElevenLabs tests',
    name: 'ElevenLabs agent tests (llm and tool) as checkpoint tests',
    import: 'suite',
    extensions: JSON_FILE,
  },
  {
    id: 'mermaid',
    platform: 'Mermaid',
    label: 'Mermaid',
    name: 'Mermaid flowchart (export only)',
    export: text('mmd'),
  },
  { id: 'plain', platform: 'Parley', label: 'plain list', name: 'a [{role, content}] list', callLog: true },
  { id: 'custom', platform: 'Parley', label: 'custom', name: 'custom', graphSourceOnly: true },
] as const satisfies readonly FormatRow[];

export type FormatTableRow = (typeof FORMAT_TABLE)[number];
