import { Persona } from '../../../src-shared/schemas/index.js';

/**
 * Reads a Retell-style persona (## Identity / ## Goal / ## Personality sections). The original text
 * is kept in `markdown` so the simulated caller is told exactly what the author wrote; the sections
 * also fill the form fields so it can be edited as a form.
 */
export function parsePersonaMarkdown(name: string, markdown: string): Persona {
  const sections = new Map<string, string>();
  let current = '';
  const body: string[] = [];
  const flush = () => {
    if (current) sections.set(current, body.join('\n').trim());
    body.length = 0;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const h = /^#{1,3}\s+(.+?)\s*$/.exec(line);
    if (h) {
      flush();
      current = h[1].toLowerCase();
      continue;
    }
    body.push(line);
  }
  flush();
  const identityText = sections.get('identity') ?? '';
  const identity: Record<string, string> = {};
  for (const line of identityText.split('\n')) {
    const kv = /^\s*[-*]?\s*([A-Za-z][\w ]{0,40}?)\s*:\s*(.+)$/.exec(line);
    if (kv) identity[kv[1].trim().toLowerCase().replace(/\s+/g, '_')] = kv[2].trim();
  }
  return Persona.parse({
    name,
    identity,
    goal: sections.get('goal') ?? '',
    personality: { notes: sections.get('personality') || undefined },
    markdown,
  });
}
