import { TodoAdd, TodoItems } from './TodoList';
import { useTodos } from './useTodos';

/**
 * The shell popover's content: add (about the open ticket, if any) and the open items. The
 * popover sits at the end of the page, out of the Tab order: its box takes the focus on opening.
 */
export function TodoPanel({ ticketId }: { ticketId: number | null }) {
  const todos = useTodos(false);
  return (
    <>
      <TodoAdd ticketId={ticketId} autoFocus />
      <TodoItems items={todos.data?.list ?? []} loading={todos.isPending} />
    </>
  );
}
