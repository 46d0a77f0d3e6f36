import { createApp, type App, type ModelService } from '../app/index.js';
import { service, type ApiContext } from './context.js';
import { sharedProviders } from './providers-service.js';

/** The application layer for this context (one per app or web server), on the app's shared model registry. */
export const appOf = (ctx: ApiContext): App =>
  service(ctx, 'app', () => createApp(ctx.store, () => sharedProviders(ctx)));

/** Model loading with the Models page's defaults (threads), as every run uses. */
export const appModels = (ctx: ApiContext): ModelService => appOf(ctx).models;
