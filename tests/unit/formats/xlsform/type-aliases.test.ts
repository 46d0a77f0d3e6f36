import { describe, expect, it } from 'vitest';
import { readAgentFile } from '../../../../src-main/formats/index.js';
import { buildWorkbook, type SheetRows } from '../../../fixtures/formats/xlsform/build-workbook.js';

const survey = (...rows: string[][]): SheetRows => ({
  survey: [['type', 'name', 'label'], ...rows, ['text', 'reason', 'Why are you calling?']],
  choices: [
    ['list_name', 'name', 'label'],
    ['yes_no', 'yes', 'Yes'],
    ['yes_no', 'no', 'No'],
  ],
});
const importSurvey = async (sheets: SheetRows) =>
  readAgentFile(new Uint8Array(await buildWorkbook(sheets)), 'survey.xlsx');

describe("XLSForm: pyxform's spellings of question types", () => {
  it('"select one from LIST" is select_one LIST (and "select multiple from LIST" select_multiple LIST)', async () => {
    const r = await importSurvey(
      survey(
        ['select one from yes_no', 'insured', 'Are you insured?'],
        ['select multiple from yes_no', 'both', 'Both?'],
      ),
    );
    if (!r.ok || r.kind !== 'agent') throw new Error(JSON.stringify(r.ok ? r.kind : r.errors));
    const text = JSON.stringify(r.graph);
    expect(text).toContain('"choices":["yes","no"]');
    expect(r.graph.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([expect.stringMatching(/^insured/)]));
  });

  it('device properties spelled out or as URIs (phone number, uri:deviceid) are metadata rows, skipped', async () => {
    const r = await importSurvey(survey(['phone number', 'phone', ''], ['uri:deviceid', 'device', '']));
    if (!r.ok || r.kind !== 'agent') throw new Error(JSON.stringify(r.ok ? r.kind : r.errors));
    const ids = r.graph.nodes.map((n) => n.id).join(' ');
    expect(ids).not.toMatch(/phone|device/);
    expect(ids).toMatch(/reason/);
  });

  it('a type that is no alias is still refused with the cell (select_one_from_file, uri:unknown)', async () => {
    for (const type of ['select_one_from_file people.csv', 'uri:unknown']) {
      const r = await importSurvey(survey([type, 'x', 'X?']));
      expect(r.ok, type).toBe(false);
      if (!r.ok) expect(r.errors[0]).toMatchObject({ path: 'survey!A2' });
    }
  });
});
