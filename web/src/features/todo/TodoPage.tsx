import { Alert, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { useTranslation } from '../../i18n/useTranslation';
import { TodoAdd, TodoItems } from './TodoList';
import { useTodos } from './useTodos';

/** Settings › Todo list: the agent's own list, with the items already done on demand. */
export function TodoPage() {
  const { t } = useTranslation();
  const [showDone, setShowDone] = useState(false);
  const todos = useTodos(showDone);
  return (
    <FormPage
      actions={
        <Flex align="center" gap={8}>
          <Switch id="todo-show-done" size="small" checked={showDone} onChange={setShowDone} />
          <label htmlFor="todo-show-done">
            <Typography.Text>{t('todo.show_done')}</Typography.Text>
          </label>
        </Flex>
      }
    >
      <TodoAdd ticketId={null} />
      {todos.isError ? (
        <Alert type="error" showIcon message={t('todo.failed')} />
      ) : todos.data ? (
        <TodoItems items={todos.data.list} loading={todos.isFetching} />
      ) : (
        <PageLoading />
      )}
    </FormPage>
  );
}
