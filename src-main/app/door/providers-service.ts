import { createProviderRegistry, type ProviderRegistry } from '../../providers/index.js';
import { service, type ApiContext } from './context.js';

/**
 * The app's one provider registry (runs and Try it share it): each model is loaded once per process
 * and closed when the app shuts down. OpenAI keys come from the OS keychain when the spec names one.
 */
export const sharedProviders = (ctx: ApiContext): ProviderRegistry =>
  service(ctx, 'providers', () =>
    createProviderRegistry({
      openai: {
        resolveKey: async (spec) => (spec.api_key_ref && ctx.keychain ? ctx.keychain.get(spec.api_key_ref) : undefined),
      },
    }),
  );
