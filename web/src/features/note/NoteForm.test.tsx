import type { TNote } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editState } from '../../components/RequireStateId';
import { account, fail, fakeServer, ok, page } from '../../test/fakeServer';
import { group } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest } from '../../test/session';

signInEachTest();

/** A macro saved when agent 42 and group 77 still existed. */
const stale: TNote = {
  note_id: 5,
  title: 'To Ada',
  actions: { assignee_id: 42, group_id: 77, add_tags: [], remove_tags: [] },
  share_type: 'all',
  group_id: null,
  owner_id: null,
  creator_id: 1,
  usage_count: 0,
  last_used_ts: null,
  create_ts: 0,
  update_ts: 0,
};

const refusal = 'Tickets can only be assigned to active agents or administrators';

function serve() {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/settings/note.get': () => ok(stale),
      'admin/settings/note.edit': () => fail('FFFF', refusal, { fields: { 'actions.assignee_id': refusal } }),
      'admin/auth.agent.all.list': () => ok({ list: [account({ account_id: 3, real_name: 'Grace Hopper' })] }),
      'admin/auth.group.list': () => page([group({ group_id: 2, group_name: 'Billing' })]),
    },
  });
}

const errorsShown = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

describe('macro editor', () => {
  it('shows an assignee and group deleted since as such, and the refusal under the assignee', async () => {
    const { calls } = serve();
    renderApp('/wswt/setting/note/edit', { state: editState(5) });
    await screen.findByText('(deleted or unavailable agent)');
    screen.getByText('(deleted group)');
    expect(screen.queryByText('42')).toBeNull();
    expect(screen.queryByText('77')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/note.edit')).toHaveLength(1));
    await waitFor(() => expect(errorsShown()).toEqual([refusal]));
    // Under the field, not in a toast as well.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    const item = document.querySelector('.ant-form-item-has-error') as HTMLElement;
    expect(item.textContent).toContain('Assignee');
  });

  it('says so in Chinese', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/wswt/setting/note/edit', { state: editState(5) });
    await screen.findByText('（已删除或不可用的客服）');
    screen.getByText('（已删除的组）');
  });
});
