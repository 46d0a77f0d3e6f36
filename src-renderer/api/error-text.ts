/**
 * An API error as a person reads it: where (in words when it is a model of the run), and the message
 * without the technical lead ("runs.start: invalid input: models.agent.model: ...") that would repeat
 * the path the box already shows.
 */
const ROLE_WORDS: Record<string, string> = {
  'models.agent': 'Agent model',
  'models.caller': 'Simulated caller model',
  'models.judge': 'Judge model',
};

export interface ErrorParts {
  file?: string;
  /** In words ("Agent model") or a field path, when the error is about one. */
  where?: string;
  message: string;
}

export function errorParts(error: unknown): ErrorParts {
  const e = error as { message?: string; error?: { path?: string; file?: string } } | null;
  let message = e?.message ?? String(error);
  const path = e?.error?.path;
  // "<method>: invalid input: <path>: " -> the message alone
  message = message.replace(/^[\w.]+: invalid input: /, '');
  if (path && message.startsWith(`${path}: `)) message = message.slice(path.length + 2);
  let where: string | undefined;
  if (path) {
    const role = Object.keys(ROLE_WORDS).find((k) => path === k || path.startsWith(`${k}.`));
    where = role ? ROLE_WORDS[role] + (path.length > role.length ? ` (${path.slice(role.length + 1)})` : '') : path;
    // the message already names the model (e.g. "agent model openai:x ..."): no second label
    if (role && message.toLowerCase().startsWith(ROLE_WORDS[role].toLowerCase().replace('simulated ', '')))
      where = undefined;
    if (!role && message.includes(path)) where = undefined;
  }
  // a message that already starts with its file ("labels.json: labels[1]...") is not prefixed again
  const file = e?.error?.file && !message.startsWith(`${e.error.file}: `) ? e.error.file : undefined;
  return { ...(file ? { file } : {}), ...(where ? { where } : {}), message };
}
