import type { DetectedFormat } from '../../../src-main/formats/index.js';

/** The checks the field corpus test runs on every file. */
export type FieldCheck = 'detect' | 'import' | 'reachable' | 'round-trip';

/**
 * Importer gaps another engineer is closing in parallel (issue 33 items 1-4). A file that fails only
 * because of one is kept, its failing checks run as `it.fails`; the mark is removed when the fix lands.
 */
export type KnownGap =
  'vapi-squad-handoff-tools' | 'voicetest-0.49-function-nodes' | 'xlsform-stray-backslash' | 'imported-agent-names';

export interface FieldExpectation {
  /** The format the file must be detected as (the right one, even when detection fails today). */
  format: DetectedFormat;
  /** Nodes the source itself leaves unreachable, with why; every other node must be reachable. */
  unreachable?: { nodes: string[]; reason: string };
  /** One of the gaps being fixed in parallel, when it is why `fails` fail. */
  knownGap?: KnownGap;
  /** A bug outside those gaps (reported, not fixed here), when it is why `fails` fail. */
  bug?: string;
  /** The checks that fail today because of `knownGap` or `bug`; they run as `it.fails`. */
  fails?: FieldCheck[];
}

const SQUAD_WITHOUT_HANDOFFS =
  'the docs payload defines the members only (no handoff tools, no assistantDestinations); the page describes its transfers in prose';

/** Every file under tests/fixtures/field/, by path relative to that folder: what Parley must make of it. */
export const FIELD_CORPUS: Readonly<Record<string, FieldExpectation>> = {
  'bland/marios-reservation-pathway.json': { format: 'bland-pathway' },
  'bland/send-call-analysis-schema.json': { format: 'bland' },
  'bland/send-call-task.json': { format: 'bland' },
  'bland/web-voice-agent.json': { format: 'bland' },
  'elevenlabs/customer-service-dev.json': { format: 'elevenlabs' },
  'elevenlabs/customer-service.json': { format: 'elevenlabs' },
  'elevenlabs/sales-assistant.json': { format: 'elevenlabs' },
  'livekit/avatar-agent.py': { format: 'livekit' },
  'livekit/basic_agent.py': { format: 'livekit' },
  'livekit/basic_dtmf_agent.py': { format: 'livekit' },
  'livekit/drive_thru-agent.py': { format: 'livekit' },
  'livekit/frontdesk-agent.py': { format: 'livekit' },
  'livekit/healthcare-agent.py': { format: 'livekit' },
  'livekit/mcp-agent.py': { format: 'livekit' },
  'livekit/multi_agent.py': { format: 'livekit' },
  'livekit/restaurant_agent.py': { format: 'livekit' },
  'livekit/sample_agent.py': { format: 'livekit' },
  'livekit/sample_agent_simple.py': { format: 'livekit' },
  'livekit/survey-agent.py': { format: 'livekit' },
  'livekit/warm_transfer.py': { format: 'livekit' },
  'retell/dry-agent.json': { format: 'retell-llm' },
  'retell/helpdesk-agent.json': { format: 'retell-llm' },
  'retell/sample_config_complex.json': { format: 'retell-cf' },
  'retell/sample_llm_dashboard_export.json': { format: 'retell-llm' },
  'retell/travel-agent.json': { format: 'retell-llm' },
  'telnyx/guide-sales-assistant.json': { format: 'telnyx' },
  'telnyx/sample_assistant.json': { format: 'telnyx' },
  'telnyx/sample_assistant_with_handoff.json': { format: 'telnyx' },
  'telnyx/skill-create-assistant.json': { format: 'telnyx' },
  'vapi/deepgram-flux.json': { format: 'vapi' },
  'vapi/deepgram-nova-3.json': { format: 'vapi' },
  'vapi/docs-call-recording-assistant.json': { format: 'vapi' },
  'vapi/docs-clinic-triage-squad.json': {
    format: 'vapi-squad',
    unreachable: { nodes: ['Emergency', 'Scheduler'], reason: SQUAD_WITHOUT_HANDOFFS },
  },
  'vapi/docs-default-tools-assistant.json': { format: 'vapi' },
  'vapi/docs-ecommerce-squad.json': {
    format: 'vapi-squad',
    unreachable: { nodes: ['Returns', 'VIP'], reason: SQUAD_WITHOUT_HANDOFFS },
  },
  'vapi/docs-google-calendar-assistant.json': { format: 'vapi' },
  'vapi/docs-handoff-emergency-assistant.json': { format: 'vapi' },
  'vapi/docs-handoff-scheduler-assistant.json': { format: 'vapi' },
  'vapi/docs-handoff-triage-assistant.json': { format: 'vapi' },
  'vapi/docs-mcp-assistant.json': { format: 'vapi' },
  'vapi/docs-multilingual-assistant.json': { format: 'vapi' },
  'vapi/docs-multilingual-squad.json': {
    format: 'vapi-squad',
    unreachable: { nodes: ['Soporte Español', 'Support Français'], reason: SQUAD_WITHOUT_HANDOFFS },
  },
  'vapi/docs-pci-squad.json': { format: 'vapi-squad' },
  'vapi/docs-property-management-squad.json': {
    format: 'vapi-squad',
    unreachable: { nodes: ['Maintenance', 'Leasing'], reason: SQUAD_WITHOUT_HANDOFFS },
  },
  'vapi/docs-quickstart-phone-assistant.json': { format: 'vapi' },
  'vapi/docs-silent-handoffs-assistant.json': { format: 'vapi' },
  'vapi/docs-tool-rejection-assistant.json': { format: 'vapi' },
  'vapi/docs-voicemail-detection-assistant.json': { format: 'vapi' },
  'vapi/personality-first-assistant.json': { format: 'vapi' },
  'vapi/rigid-sop-assistant.json': { format: 'vapi' },
  'vapi/sample_squad.json': { format: 'vapi-squad' },
  'vapi/voice-native-assistant.json': { format: 'vapi' },
  'voicetest/graph_dry_analysis.json': { format: 'voicetest' },
  'voicetest/graph_with_dynamic_variables.json': { format: 'voicetest' },
  'voicetest/sample_tests.json': { format: 'voicetest-tests' },
  'xlsform/attribute_columns_test.xlsx': { format: 'xlsform' },
  'xlsform/bad_calc.xlsx': { format: 'xlsform' },
  'xlsform/choice_filter_test.xlsx': { format: 'xlsform' },
  'xlsform/extra_columns.xlsx': { format: 'xlsform' },
  'xlsform/extra_sheet_names.xlsx': { format: 'xlsform' },
  'xlsform/field-list.xlsx': { format: 'xlsform' },
  'xlsform/group.xlsx': { format: 'xlsform' },
  'xlsform/or_other.xlsx': { format: 'xlsform' },
  'xlsform/pull_data.xlsx': { format: 'xlsform' },
  'xlsform/sample_survey.xlsx': { format: 'xlsform' },
  'xlsform/text_and_integer.xlsx': { format: 'xlsform' },
  'xlsform/xl_date_ambiguous.xlsx': { format: 'xlsform' },
  'xlsform/xl_date_ambiguous_v1.xlsx': { format: 'xlsform' },
  'xlsform/yes_or_no_question.xlsx': { format: 'xlsform' },
};
