import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { AppEvent, MethodInput, MethodName, MethodOutput } from '../../src-shared/contract/index.js';
import { api } from './client.js';

/** Typed query over one API method; the cache key is [method, input]. */
export function useApi<M extends MethodName>(
  method: M,
  input?: MethodInput<M>,
  opts?: Partial<UseQueryOptions<MethodOutput<M>>>,
) {
  return useQuery<MethodOutput<M>>({
    queryKey: [method, input ?? {}],
    queryFn: () => api.call(method, input),
    ...opts,
  });
}

/** Typed mutation; invalidates the given methods' queries on success. */
export function useApiMutation<M extends MethodName>(method: M, invalidates: MethodName[] = []) {
  const qc = useQueryClient();
  return useMutation<MethodOutput<M>, Error, MethodInput<M>>({
    mutationFn: (input) => api.call(method, input),
    onSuccess: () => {
      for (const m of invalidates) void qc.invalidateQueries({ queryKey: [m] });
    },
  });
}

/**
 * Calls `listener` with every app event while the component is mounted. One subscription for the
 * component's life (re-subscribing would drop events while the socket reconnects); each event goes
 * to the listener of the latest render, so it always sees current props and state.
 */
export function useAppEvents(listener: (e: AppEvent) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => api.subscribe((e) => latest.current(e)), []);
}
