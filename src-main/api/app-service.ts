import { createApp, type App, type ModelService } from '../app/index.js';
import { service, type ApiContext } from './context.js';
import { sharedProviders } from './providers-service.js';

/**
 * The application layer for this context (one per app or web server), on the app's shared model
 * registry. Every job's progress goes out as a `job.progress` event, and the jobs are cancelled when
 * the context is disposed (before the models are unloaded).
 */
export const appOf = (ctx: ApiContext): App =>
  service(ctx, 'app', () => {
    const app = createApp(ctx.store, () => sharedProviders(ctx));
    app.jobs.subscribe((job) => ctx.events.emit({ type: 'job.progress', job }));
    ctx.services.set('jobs', app.jobs);
    return app;
  });

/** Model loading with the Models page's defaults (threads), as every run uses. */
export const appModels = (ctx: ApiContext): ModelService => appOf(ctx).models;
