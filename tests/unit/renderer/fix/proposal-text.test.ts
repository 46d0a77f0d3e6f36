import { describe, expect, it } from 'vitest';
import { confidenceText, droppedSummary } from '../../../../src-renderer/features/fix/proposal-text.js';

describe('the Fix page says what its figures are', () => {
  it("a confidence is said to be the model's own guess", () => {
    expect(confidenceText(1)).toBe("confidence 100% (the model's own guess, not a measurement)");
  });

  it('edits left out say why, in the singular and the plural', () => {
    expect(droppedSummary(2)).toBe(
      '2 proposed edits left out: they could not be applied as the model gave them (why, for each:)',
    );
    expect(droppedSummary(1)).toBe(
      '1 proposed edit left out: it could not be applied as the model gave it (why, for each:)',
    );
  });
});
