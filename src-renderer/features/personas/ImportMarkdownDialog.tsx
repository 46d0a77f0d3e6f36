import { useState } from 'react';
import { useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { Dialog } from '../../ui/Dialog.js';
import { readFiles } from '../../ui/widgets.js';

const EXAMPLE = `## Identity
Your name is Mike.
Your date of birth is June 10, 1999.
Your order number is 7891273.

## Goal
Your primary objective is to return the package you received and get a refund.

## Personality
You are a patient customer. However, if the conversation becomes too long
or complicated, you will show signs of impatience.`;

/** Paste or pick a Retell-style persona (## Identity / ## Goal / ## Personality). */
export function ImportMarkdownDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (id: string) => void;
}) {
  const [name, setName] = useState('');
  const [markdown, setMarkdown] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const imp = useApiMutation('personas.importMarkdown', ['personas.list']);

  const onFile = async (files: FileList | null) => {
    const [f] = await readFiles(files);
    if (!f) return;
    setMarkdown(f.text);
    if (!name.trim()) setName(f.name.replace(/\.(md|markdown|txt)$/i, ''));
  };

  const submit = async () => {
    if (!name.trim()) return setProblem('Give the persona a name.');
    if (!markdown.trim()) return setProblem('Paste the persona text or choose a file.');
    if (!/^#{1,3}\s+(identity|goal|personality)\b/im.test(markdown)) {
      return setProblem(
        'No "## Identity", "## Goal" or "## Personality" heading found. The text needs at least one of these sections.',
      );
    }
    setProblem(null);
    const doc = await imp.mutateAsync({ name: name.trim(), markdown }).catch(() => undefined);
    if (doc) onImported(doc.id);
  };

  return (
    <Dialog
      size="wide"
      title="Import a markdown persona"
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={() => void submit()} disabled={imp.isPending}>
            {imp.isPending ? 'Importing…' : 'Import'}
          </button>
        </>
      }
    >
      <p className="muted small">
        Retell-style simulation personas: sections <code>## Identity</code>, <code>## Goal</code>,{' '}
        <code>## Personality</code>. The caller is told the text exactly as written; you can switch it to the form
        later.
      </p>
      <label>
        Persona name
        <input
          aria-label="Imported persona name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Mike wants a refund"
        />
      </label>
      <label>
        From a file
        <input
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          aria-label="Markdown file"
          onChange={(e) => void onFile(e.target.files)}
        />
      </label>
      <label>
        Or paste it here
        <textarea
          aria-label="Markdown persona"
          rows={12}
          value={markdown}
          placeholder={EXAMPLE}
          onChange={(e) => setMarkdown(e.target.value)}
        />
      </label>
      {problem && (
        <div className="error-box" role="alert">
          {problem}
        </div>
      )}
      <ErrorBox error={imp.error} />
    </Dialog>
  );
}
