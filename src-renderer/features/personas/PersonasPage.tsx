import { PersonaEditorPage } from './PersonaEditor.js';
import { PersonaLibrary } from './PersonaLibrary.js';
import './personas.css';

/** `/personas` is the library; `/personas/new` and `/personas/:id` open the editor. */
export function PersonasPage({ params }: { params: Record<string, string> }) {
  return params.id ? <PersonaEditorPage id={params.id} /> : <PersonaLibrary />;
}
