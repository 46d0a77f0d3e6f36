import '../personas/personas.css';
import './suites.css';
import { SuiteEditorPage } from './SuiteEditor.js';
import { SuiteList } from './SuiteList.js';

/** `/suites` lists suites; `/suites/new` and `/suites/:id` open the editor. */
export function SuitesPage({ params }: { params: Record<string, string> }) {
  return params.id ? <SuiteEditorPage id={params.id} /> : <SuiteList />;
}
