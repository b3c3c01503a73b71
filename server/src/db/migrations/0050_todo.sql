-- Each agent's own todo list (schema/todo.ts): personal items, optionally about a ticket.
CREATE TABLE todo (
  todo_id serial PRIMARY KEY NOT NULL,
  account_id integer NOT NULL REFERENCES account(account_id) ON DELETE CASCADE,
  text text NOT NULL,
  ticket_id integer REFERENCES ticket(ticket_id) ON DELETE SET NULL,
  done boolean DEFAULT false NOT NULL,
  create_ts bigint NOT NULL,
  done_ts bigint
);
CREATE INDEX todo_account_idx ON todo (account_id, done, todo_id);
CREATE INDEX todo_ticket_idx ON todo (ticket_id) WHERE ticket_id IS NOT NULL;
