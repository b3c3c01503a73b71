import type { TTodoAddRequest, TTodoEditRequest } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todoApi } from '../../api/todo';

export const todoKeys = { all: ['todo'] as const, list: (includeDone: boolean) => ['todo', includeDone] as const };

/** The caller's todo list; `includeDone` adds the newest done items. */
export function useTodos(includeDone: boolean) {
  return useQuery({
    queryKey: todoKeys.list(includeDone),
    // Silent: the page shows its own error, and the shell's badge simply stays empty.
    queryFn: ({ signal }) => todoApi.list(includeDone, { signal, silent: true }),
    staleTime: 30_000,
  });
}

/** Add, tick, rename and delete; every list of the caller refreshes after each. */
export function useTodoActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: todoKeys.all });
  // Failures are toasted by the client with the server's message ("Your todo list is full …").
  const add = useMutation({ mutationFn: (body: TTodoAddRequest) => todoApi.add(body), onSuccess: refresh });
  const edit = useMutation({ mutationFn: (body: TTodoEditRequest) => todoApi.edit(body), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: number) => todoApi.remove([id]), onSuccess: refresh });
  return { add, edit, remove };
}
