/**
 * A comparison's configuration differences in words, with roles that changed the same way said once
 * ("agent, caller and judge model script -> t8.gguf F32"). Pure; used by `parley diff` / `compare`
 * (src-main/compare/run-config.ts) and the app's compare page.
 */

type Role = 'agent' | 'caller' | 'judge';
interface Difference {
  field: string;
  a: string;
  b: string;
  role?: Role;
}
interface Spread {
  field: string;
  values: string[];
  role?: Role;
}

/** "agent, caller and judge" */
export const andList = (xs: string[]) =>
  xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;

/**
 * The differences as phrases; roles whose model (or parameter) changed the same way are said once:
 * "agent, caller and judge model script -> t8.gguf F32".
 */
export function differencePhrases(diffs: Difference[]): string[] {
  const out: string[] = [];
  const said = new Set<Difference>();
  for (const d of diffs) {
    if (said.has(d)) continue;
    if (!d.role) {
      out.push(`${d.field} ${d.a} -> ${d.b}`);
      continue;
    }
    const rest = d.field.slice(d.role.length); // " model" or " model parameters seed"
    const same = diffs.filter((e) => e.role && e.field.slice(e.role.length) === rest && e.a === d.a && e.b === d.b);
    same.forEach((e) => said.add(e));
    out.push(`${andList(same.map((e) => e.role!))}${rest} ${d.a} -> ${d.b}`);
  }
  return out;
}

/**
 * The spread with roles that ran on the same models said once ("agent, caller and judge model"),
 * for the N-way texts; each entry keeps the values in column order.
 */
export function groupedSpread(spread: Spread[]): { field: string; values: string[] }[] {
  const out: { field: string; values: string[] }[] = [];
  const said = new Set<Spread>();
  for (const s of spread) {
    if (said.has(s)) continue;
    if (!s.role) {
      out.push({ field: s.field, values: s.values });
      continue;
    }
    const rest = s.field.slice(s.role.length);
    const key = JSON.stringify(s.values);
    const same = spread.filter(
      (e) => e.role && e.field.slice(e.role.length) === rest && JSON.stringify(e.values) === key,
    );
    same.forEach((e) => said.add(e));
    out.push({ field: `${andList(same.map((e) => e.role!))}${rest}`, values: s.values });
  }
  return out;
}
