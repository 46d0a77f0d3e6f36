import type { ComponentType } from 'react';
import { AgentsPage } from '../features/agents/AgentsPage.js';
import { AgentEditorPage } from '../features/graph-editor/AgentEditorPage.js';
import { ImportDraftPage } from '../features/graph-editor/ImportDraftPage.js';
import { PersonasPage } from '../features/personas/PersonasPage.js';
import { SuitesPage } from '../features/suites/SuitesPage.js';
import { RunsPage } from '../features/runs/list/RunsPage.js';
import { RunPage } from '../features/runs/page/RunPage.js';
import { ComparePage } from '../features/compare/ComparePage.js';
import { ModelsPage } from '../features/models/ModelsPage.js';
import { HomePage } from '../features/first-run/HomePage.js';
import { FixPage } from '../features/fix/index.js';
import { RedteamPage } from '../features/redteam/RedteamPage.js';

export interface NavItem {
  path: string;
  label: string;
}

/** Left navigation, in order. */
export const NAV: NavItem[] = [
  { path: '/agents', label: 'Agents' },
  { path: '/personas', label: 'Personas' },
  { path: '/suites', label: 'Suites' },
  { path: '/runs', label: 'Runs' },
  { path: '/compare', label: 'Compare' },
  { path: '/models', label: 'Models' },
];

/** Every screen. Feature folders own their pages; add routes here. */
export const ROUTES: { path: string; component: ComponentType<{ params: Record<string, string> }> }[] = [
  { path: '/', component: HomePage },
  { path: '/agents', component: AgentsPage },
  { path: '/agents/import-draft/:id', component: ImportDraftPage },
  { path: '/agents/:id/redteam', component: RedteamPage },
  { path: '/agents/:id', component: AgentEditorPage },
  { path: '/personas', component: PersonasPage },
  { path: '/personas/:id', component: PersonasPage },
  { path: '/suites', component: SuitesPage },
  { path: '/suites/:id', component: SuitesPage },
  { path: '/runs', component: RunsPage },
  { path: '/runs/:id', component: RunPage },
  { path: '/fixes/:id', component: FixPage },
  { path: '/compare', component: ComparePage },
  { path: '/models', component: ModelsPage },
];
