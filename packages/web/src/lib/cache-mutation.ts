import { useMutation, useQueryClient, type MutationMeta, type QueryClient } from "@tanstack/react-query";

/**
 * A mutation whose answer goes into the query cache as soon as it arrives, so the screen shows the
 * change before (and whatever) the socket event that follows: `apply` stores or removes what the
 * server answered.
 */
export function useCacheMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  apply: (queryClient: QueryClient, data: TData, variables: TVariables) => void,
  meta?: MutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data, variables) => apply(queryClient, data, variables), meta });
}
