import type { RunRedaction } from '../../../../src-shared/schemas/run.js';
import { redactionLine } from '../../../../src-shared/run/redaction.js';

/** An imported run's redaction in its header: "redacted" (counts by kind in the title) or "not redacted". */
export function RedactionBadge({ redaction }: { redaction?: RunRedaction }) {
  if (!redaction) return null;
  return (
    <span className="badge" title={redactionLine(redaction)} data-testid="redaction-badge">
      {redaction.applied ? 'personal data redacted' : 'personal data NOT redacted'}
    </span>
  );
}
