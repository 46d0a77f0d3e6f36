import type { z } from 'zod';
import type { Contract, MethodName, MethodOutput } from '../../../src-shared/contract/index.js';
import type { ApiContext } from '../context.js';

export type Handler<M extends MethodName> = (
  ctx: ApiContext,
  input: z.infer<Contract[M]['input']>,
) => Promise<MethodOutput<M>> | MethodOutput<M>;

export type Handlers = { [M in MethodName]?: Handler<M> };
