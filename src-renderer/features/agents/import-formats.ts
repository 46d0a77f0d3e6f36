type Format = { id: string; name: string; import: boolean; holds?: 'agent' | 'suite' };

/**
 * The agent formats Parley reads, from the one table the importers use (`formats.list`), as a sentence part:
 * "Retell conversation flow, VAPI assistant, ... or Parley agent JSON". Null until the list is known.
 */
export function importFormatsText(formats: readonly Format[] | undefined): string | null {
  const names = (formats ?? []).filter((f) => f.import && f.holds !== 'suite').map((f) => f.name);
  if (!names.length) return null;
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
