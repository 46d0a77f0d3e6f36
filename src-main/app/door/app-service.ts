import { createApp, type App } from '../app.js';
import { type ModelService } from '../models/models.js';
import { service, type ApiContext } from './context.js';
import { LiveRuns } from './live-runs.js';
import { sharedProviders } from './providers-service.js';

/**
 * The application layer for this context (one per app or web server), on the app's shared model registry.
 * Every job's progress goes out as a `job.progress` event; disposing the context cancels the running jobs.
 */
export const appOf = (ctx: ApiContext): App =>
  service(ctx, 'app', () => {
    const app = createApp(ctx.store, () => sharedProviders(ctx));
    app.jobs.subscribe((job) => {
      const { result: _result, ...info } = job;
      ctx.events.emit({ type: 'job.progress', job: info });
    });
    return app;
  });

/** The runs this context's windows watch: run events forwarded and folded for pages opened mid-run. */
export const liveRuns = (ctx: ApiContext): LiveRuns =>
  service(ctx, 'live-runs', () => new LiveRuns(() => appOf(ctx), ctx.events));

/** Model loading with the Models page's defaults (threads), as every run uses. */
export const appModels = (ctx: ApiContext): ModelService => appOf(ctx).models;
