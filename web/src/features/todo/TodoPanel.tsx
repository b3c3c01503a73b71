import { TodoAdd, TodoItems } from './TodoList';
import { useTodos } from './useTodos';

/** The shell popover's content: add (about the open ticket, if any) and the open items. */
export function TodoPanel({ ticketId }: { ticketId: number | null }) {
  const todos = useTodos(false);
  return (
    <>
      <TodoAdd ticketId={ticketId} />
      <TodoItems items={todos.data?.list ?? []} loading={todos.isPending} />
    </>
  );
}
