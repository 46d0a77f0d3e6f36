import { agentHandlers } from './agents.js';
import { analysisHandlers } from './analysis.js';
import { analysisRoutingHandlers } from './analysis-routing.js';
import { analysisCoverageHandlers } from './analysis-coverage.js';
import { agentFormatHandlers } from './agents-formats.js';
import { callHandlers } from './calls.js';
import { formatHandlers } from './formats.js';
import { suiteHandlers } from './suites.js';
import { compareHandlers } from './compare.js';
import { personaHandlers } from './personas.js';
import { modelHandlers } from './models.js';
import { modelProviderHandlers } from './models-providers.js';
import { modelPreflightHandlers } from './models-preflight.js';
import { modelReadinessHandlers } from './models-readiness.js';
import { firstRunHandlers } from './app-first-run.js';
import { playgroundHandlers } from './playground.js';
import { runControlHandlers } from './runs-control.js';
import { runHandlers } from './runs.js';
import { runPinHandlers } from './runs-pin.js';
import { runJudgementHandlers } from './runs-judgements.js';
import { appHandlers } from './app.js';
import { labelHandlers } from './labels.js';
import { speechHandlers } from './speech.js';
import { jobHandlers } from './jobs.js';
import { fixHandlers } from './fixes.js';
import type { Handlers } from './types.js';

/** Every built handler. A contract method with no handler answers `not_built`. */
export const handlers: Handlers = {
  ...appHandlers(() => Object.keys(handlers)),
  ...jobHandlers,
  ...agentHandlers,
  ...agentFormatHandlers,
  ...formatHandlers,
  ...personaHandlers,
  ...suiteHandlers,
  ...runHandlers,
  ...runPinHandlers,
  ...runControlHandlers,
  ...runJudgementHandlers,
  ...callHandlers,
  ...compareHandlers,
  ...modelHandlers,
  ...modelProviderHandlers,
  ...modelPreflightHandlers,
  ...modelReadinessHandlers,
  ...firstRunHandlers,
  ...playgroundHandlers,
  ...analysisHandlers,
  ...analysisRoutingHandlers,
  ...labelHandlers,
  ...analysisCoverageHandlers,
  ...speechHandlers,
  ...fixHandlers,
};
