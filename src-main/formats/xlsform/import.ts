import type { AgentGraphInput, Equation } from '../../../src-shared/schemas/index.js';
import type { ImportContext } from '../types.js';
import { negate, readXlsExpression } from './expression.js';
import type { SheetRow, Workbook } from './workbook.js';
import { answerVariable, labelOf, readChoices } from './questions.js';

/**
 * An XLSForm survey -> a graph. Each question is two nodes: `<name>` asks it (conversation) and
 * `<name>__answer` extracts the answer (extract, typed; select lists are the caller's options) and
 * routes: back to the question when the `constraint` fails, then to the next question whose
 * `relevant` holds (equation conditions), else to the next question without one, or the end.
 */

export const END_ID = 'survey_end';
const STRUCTURE = new Set([
  'begin_group',
  'begin group',
  'end_group',
  'end group',
  'begin_repeat',
  'begin repeat',
  'end_repeat',
  'end repeat',
]);
const METADATA = new Set([
  'start',
  'end',
  'today',
  'deviceid',
  'phonenumber',
  'username',
  'email',
  'audit',
  'simserial',
  'subscriberid',
  'calculate',
  'hidden',
  'start-geopoint',
  'background-audio',
  // pyxform's spelled-out aliases of the same device properties
  'phone number',
  'device id',
  'sim serial',
  'subscriber id',
]);
/** pyxform also names device properties as URIs (`uri:deviceid`, `uri:email`...): metadata like their short names. */
const isMetadata = (type: string) => METADATA.has(type) || (type.startsWith('uri:') && METADATA.has(type.slice(4)));
const MAX_GROUP_DEPTH = 64;

interface Step {
  name: string;
  entry: string;
  exit: string;
  relevant?: { match: 'all' | 'any'; equations: Equation[] } | { prompt: string };
  row: SheetRow;
}

export function importXlsForm(wb: Workbook, ctx: ImportContext): AgentGraphInput {
  const survey = wb.sheets.find((s) => s.name === 'survey')!;
  for (const col of ['type', 'name'])
    if (!Object.hasOwn(survey.columns, col))
      ctx.error(
        'survey!1',
        `the survey sheet has no ${JSON.stringify(col)} column; expected a header row with type, name and label`,
      );
  const choices = readChoices(
    wb.sheets.find((s) => s.name === 'choices'),
    ctx,
  );
  const settings = wb.sheets.find((s) => s.name === 'settings')?.rows[0]?.cells ?? {};
  const cell = (row: SheetRow, col: string) => `survey!${survey.columns[col] ?? '?'}${row.row}`;
  const names = new Set(survey.rows.map((r) => r.cells.name?.trim()).filter(Boolean));
  const nodes: Record<string, unknown>[] = [];
  const steps: Step[] = [];
  const groups: ({ match: 'all' | 'any'; equations: Equation[] } | undefined)[] = [];
  for (const row of survey.rows) {
    const type = (row.cells.type ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    const name = (row.cells.name ?? '').trim();
    const relevantText = row.cells.relevant?.trim();
    const rel = relevantText ? condition(relevantText, name, row, 'relevant', names, cell, ctx) : undefined;
    if (STRUCTURE.has(type)) {
      if (type.startsWith('begin')) {
        if (groups.length >= MAX_GROUP_DEPTH)
          ctx.error(
            cell(row, 'type'),
            `groups nested deeper than ${MAX_GROUP_DEPTH} levels; expected at most ${MAX_GROUP_DEPTH}`,
          );
        groups.push(rel && 'equations' in rel ? rel : undefined);
        if (type.includes('repeat'))
          ctx.warn(
            cell(row, 'type'),
            `repeat group ${JSON.stringify(name)} is read as one pass through its questions; Parley does not repeat it`,
          );
      } else if (groups.length === 0)
        ctx.error(cell(row, 'type'), 'end of a group that was never begun; expected a begin_group before it');
      else groups.pop();
      continue;
    }
    if (!type) {
      ctx.error(
        cell(row, 'type'),
        'empty type; expected a question type such as text, integer, select_one LIST or note',
      );
      continue;
    }
    if (isMetadata(type)) {
      if (type === 'calculate')
        ctx.warn(
          cell(row, 'type'),
          `calculated field ${JSON.stringify(name)} is not computed by Parley; a test must provide it if a condition uses it`,
        );
      continue;
    }
    if (!name || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
      ctx.error(
        cell(row, 'name'),
        `found ${JSON.stringify(name)}; expected a question name (letters, digits, _ . -, starting with a letter or _)`,
      );
      continue;
    }
    const label = (row.cells.label ?? labelOf(row) ?? '').trim();
    const hint = row.cells.hint?.trim();
    const ask = nodes.length;
    ctx.map(`nodes[${ask}]`, cell(row, 'name'));
    ctx.map(`nodes[${ask}].instruction`, cell(row, 'label'));
    const inGroup = groups
      .filter((g): g is { match: 'all'; equations: Equation[] } => !!g && g.match === 'all')
      .flatMap((g) => g.equations);
    const relevant =
      rel && 'equations' in rel && rel.match === 'all'
        ? { match: 'all' as const, equations: [...inGroup, ...rel.equations] }
        : (rel ?? (inGroup.length ? { match: 'all' as const, equations: inGroup } : undefined));
    if (type === 'note') {
      nodes.push({
        id: name,
        name: label || name,
        type: 'conversation',
        instruction: { mode: 'static', text: label },
        transitions: [],
        source_meta: { row: row.row, type },
      });
      steps.push({ name, entry: name, exit: name, relevant, row });
      continue;
    }
    const variable = answerVariable(type, name, label, hint, row, choices, cell, ctx);
    if (!variable) continue;
    const options = variable.type === 'enum' ? ` Options: ${variable.labels.join(', ')}.` : '';
    const required = /^(yes|true|true\(\))$/i.test(row.cells.required?.trim() ?? '')
      ? ' This question is required.'
      : '';
    nodes.push({
      id: name,
      name: label || name,
      type: 'conversation',
      instruction: {
        mode: 'prompt',
        text: `Ask the caller: ${JSON.stringify(label || name)}.${hint ? ` Hint: ${hint}.` : ''}${options}${required}`,
      },
      transitions: [{ id: `${name}->answer`, target: `${name}__answer`, condition: { kind: 'always' } }],
      source_meta: { row: row.row, type },
    });
    const answer = {
      id: `${name}__answer`,
      type: 'extract',
      variables: [variable.v],
      transitions: [] as Record<string, unknown>[],
    };
    ctx.map(`nodes[${nodes.length}]`, cell(row, 'type'));
    const constraintText = row.cells.constraint?.trim();
    if (constraintText) {
      const c = condition(constraintText, name, row, 'constraint', names, cell, ctx);
      ctx.map(`nodes[${nodes.length}].transitions[0]`, cell(row, 'constraint'));
      const back =
        c && 'equations' in c
          ? { kind: 'equation', ...negate(c.match, c.equations) }
          : c
            ? { kind: 'prompt', prompt: `The answer breaks this rule: ${c.prompt}` }
            : undefined;
      if (back)
        answer.transitions.push({
          id: `${name}->retry`,
          target: name,
          condition: back,
          order: 0,
          source_meta: { constraint_message: row.cells.constraint_message },
        });
    }
    nodes.push(answer);
    steps.push({ name, entry: name, exit: `${name}__answer`, relevant, row });
  }
  link(steps, nodes, (row) => cell(row, 'relevant'), ctx);
  nodes.push({
    id: END_ID,
    type: 'end',
    message: { mode: 'static', text: 'Thank you, that is the end of the survey.' },
    transitions: [],
  });
  return {
    name: settings.form_title ?? '',
    entry_node_id: steps[0]?.entry ?? END_ID,
    nodes: nodes as AgentGraphInput['nodes'],
    source: { format: 'xlsform', meta: { settings } },
  };
}

/** From each step: conditional transitions to the later steps whose `relevant` holds, else the next plain step (or the end). */
function link(
  steps: Step[],
  nodes: Record<string, unknown>[],
  relevantCell: (row: SheetRow) => string,
  ctx: ImportContext,
): void {
  const indexOf = new Map(nodes.map((n, i) => [n.id, i]));
  steps.forEach((s, i) => {
    const ni = indexOf.get(s.exit)!;
    const exit = nodes[ni] as { transitions: Record<string, unknown>[] };
    let order = exit.transitions.length;
    let target = '';
    for (let j = i + 1; j < steps.length; j++) {
      const next = steps[j]!;
      const r = next.relevant;
      if (!r) {
        target = next.entry;
        break;
      }
      ctx.map(`nodes[${ni}].transitions[${exit.transitions.length}]`, relevantCell(next.row));
      exit.transitions.push({
        id: `${s.name}->${next.name}`,
        target: next.entry,
        order: order++,
        condition: 'equations' in r ? { kind: 'equation', ...r } : { kind: 'prompt', prompt: r.prompt },
      });
    }
    exit.transitions.push({
      id: `${s.name}->${target || END_ID}`,
      target: target || END_ID,
      condition: { kind: 'else' },
    });
  });
}

function condition(
  text: string,
  self: string,
  row: SheetRow,
  col: 'relevant' | 'constraint',
  names: Set<string | undefined>,
  cell: (row: SheetRow, col: string) => string,
  ctx: ImportContext,
): { match: 'all' | 'any'; equations: Equation[] } | { prompt: string } | undefined {
  const r = readXlsExpression(text, self);
  if (r.ok) {
    const unknown = r.fields.find((f) => !names.has(f));
    if (unknown === undefined) return { match: r.match, equations: r.equations };
    ctx.error(
      cell(row, col),
      `${col} ${JSON.stringify(text)} refers to \${${unknown}}, which no question of the survey defines; expected the name of a question`,
    );
    return undefined;
  }
  // Never a refusal: what Parley cannot read becomes a prompt condition carrying the original text.
  const where = `sheet "survey", row ${row.row}, column ${JSON.stringify(col)} (${cell(row, col)})`;
  ctx.warn(
    cell(row, col),
    r.syntax
      ? `${where}: ${col} ${JSON.stringify(text)} cannot be read as an expression (${r.message}); it is kept as a prompt condition the model decides from its text`
      : `${where}: ${col} ${JSON.stringify(text)} is beyond what Parley's equations hold (${r.message}); the model decides it from its text`,
  );
  return { prompt: `The survey condition ${text} holds` };
}
