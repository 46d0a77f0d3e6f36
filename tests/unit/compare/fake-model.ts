import type { ChatModel, ModelSession, StructuredRequest } from '../../../src-main/providers/types.js';
import { ModelSpec } from '../../../src-shared/schemas/index.js';

/** A ChatModel whose structured calls answer from a function of the request; records every request. */
export function fakeModel(
  answer: (req: StructuredRequest, n: number) => unknown,
): ChatModel & { requests: StructuredRequest[]; disposed: number } {
  const requests: StructuredRequest[] = [];
  const m = {
    spec: ModelSpec.parse({ provider: 'scripted', model: 'fake' }),
    maxParallel: 1,
    requests,
    disposed: 0,
    identity: async () => ({ provider: 'scripted' as const, name: 'fake', params: {} }),
    close: async () => {},
    openSession: async (): Promise<ModelSession> => ({
      chat: async () => {
        throw new Error('chat not expected');
      },
      structured: async <T>(req: StructuredRequest) => {
        requests.push(req);
        const value = answer(req, requests.length - 1) as T;
        return {
          value,
          raw: JSON.stringify(value),
          parsedFirstTry: true,
          usage: { prompt_tokens: 10, cached_prompt_tokens: 0, completion_tokens: 5, wall_ms: 1 },
        };
      },
      dispose: async () => {
        m.disposed++;
      },
    }),
  };
  return m;
}
