import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { readAgentFile } from '../../../../src-main/formats/index.js';
import { readXlsExpression } from '../../../../src-main/formats/xlsform/expression.js';
import { buildWorkbook, CLINIC_INTAKE, type SheetRows } from '../../../fixtures/formats/xlsform/build-workbook.js';
import { FIXTURE_DIR } from '../helpers.js';

const importSheets = async (sheets: SheetRows) => {
  const r = await readAgentFile(new Uint8Array(await buildWorkbook(sheets)), 'survey.xlsx');
  if (!r.ok || r.kind !== 'agent') throw new Error(JSON.stringify(r.ok ? r.kind : r.errors));
  return r;
};
const transitionsOf = (g: AgentGraph, id: string) => g.nodes.find((n) => n.id === id)!.transitions;

describe('XLSForm expressions', () => {
  it('a stray backslash before ${ is read as nothing', () => {
    expect(readXlsExpression("\\${has_appointment} = 'yes'", 'q')).toEqual({
      ok: true,
      match: 'all',
      equations: [{ left: 'has_appointment', operator: '==', right: 'yes' }],
      fields: ['has_appointment'],
    });
    // A backslash anywhere else is still not part of the language.
    expect(readXlsExpression("${a} = \\'yes'", 'q')).toMatchObject({ ok: false, syntax: true });
  });

  it('an expression that does not parse becomes a prompt condition with its text, warned by sheet, row and column', async () => {
    const s = structuredClone(CLINIC_INTAKE);
    s.survey[10][5] = '${age} < (18'; // guardian's relevant: unbalanced
    s.survey[3][6] = '. >= (0'; // age's constraint: unbalanced
    const r = await importSheets(s);
    const w = r.warnings.filter((x) => /cannot be read as an expression/.test(x.message));
    expect(w.map((x) => x.path)).toEqual(['survey!G4', 'survey!F11']);
    expect(w[1].message).toContain('sheet "survey", row 11, column "relevant" (survey!F11)');
    expect(w[1].message).toContain('"${age} < (18"');
    expect(transitionsOf(r.graph, 'symptoms__answer')).toContainEqual(
      expect.objectContaining({
        target: 'guardian',
        condition: { kind: 'prompt', prompt: 'The survey condition ${age} < (18 holds' },
      }),
    );
    expect(transitionsOf(r.graph, 'age__answer')[0]).toMatchObject({
      target: 'age',
      condition: { kind: 'prompt', prompt: 'The answer breaks this rule: The survey condition . >= (0 holds' },
    });
  });

  it("voicetest's public sample survey imports and branches on its (backslashed) relevant cells", async () => {
    const file = path.join(FIXTURE_DIR, 'xlsform/voicetest-sample_survey.xlsx');
    const r = await readAgentFile(new Uint8Array(fs.readFileSync(file)), 'sample_survey.xlsx');
    if (!r.ok || r.kind !== 'agent') throw new Error('import failed');
    expect(r.warnings).toEqual([]);
    expect(r.graph.name).toBe('Appointment Scheduler');
    const branches = transitionsOf(r.graph, 'has_appointment__answer').map((t) => [t.target, t.condition]);
    expect(branches).toEqual([
      ['appointment_date', eqOf('has_appointment', 'yes')],
      ['visit_reason', eqOf('has_appointment', 'no')],
      ['symptoms', eqOf('visit_reason', 'sick')],
      ['confirmation', { kind: 'else' }],
    ]);
  });
});

const eqOf = (left: string, right: string) => ({
  kind: 'equation',
  match: 'all',
  equations: [{ left, operator: '==', right }],
});
