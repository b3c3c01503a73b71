import type { TSlaPolicy } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editState } from '../../components/RequireStateId';
import { account, fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, chooseLanguage, signInEachTest } from '../../test/session';

signInEachTest();

const none = { first_reply: null, next_reply: null, periodic_update: null, resolution: null };
const outages: TSlaPolicy = {
  policy_id: 3,
  position: 1,
  title: 'Outages first',
  schedule_id: null,
  pause_pending: true,
  active: true,
  conditions: { all: [{ field: 'subject', operator: 'contains', value: 'outage' }], any: [] },
  targets: { urgent: { ...none, first_reply: 30 }, high: none, normal: none, low: none },
};

function serve(fields: Record<string, string>) {
  return fakeServer({
    user: account({ user_type: 'admin' }),
    menus: ['/wswt/setting/sla', '/wswt/setting/sla/edit'],
    buttons: ['sla.policy.edit'],
    handlers: {
      'admin/settings/sla.policy.list': () => ok({ list: [outages] }),
      'admin/settings/schedule.list': () => ok({ list: [] }),
      'admin/settings/sla.policy.edit': () => fail('FFFF', 'Invalid value', { fields }),
    },
  });
}

const errorsShown = () =>
  Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

describe('SLA policy editor', () => {
  it("says the server's refusal of a condition or a target under its editor, naming the row or the cell, not in a toast", async () => {
    const { calls } = serve({
      'conditions.all.0.value': 'field_invalid',
      'targets.urgent.first_reply': 'field_invalid',
    });
    renderApp('/wswt/setting/sla/edit', { state: editState(3) });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Outages first'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/sla.policy.edit')).toHaveLength(1));
    await waitFor(() =>
      expect(errorsShown()).toEqual(['Condition 1: Invalid value', 'Urgent First reply: Invalid value']),
    );
    expect(screen.queryByText('Invalid value')).toBeNull();
    screen.getByRole('heading', { name: 'Edit SLA policy' });
    // Editing the targets takes their refusal away.
    fireEvent.change(screen.getByLabelText('Urgent First reply'), { target: { value: '45' } });
    await waitFor(() => expect(errorsShown()).toEqual(['Condition 1: Invalid value']));
  });

  it('keeps a target typed out of range as typed, outlines it and does not save it', async () => {
    const { calls } = serve({});
    renderApp('/wswt/setting/sla/edit', { state: editState(3) });
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Outages first'));
    for (const typed of ['0', '-5', '1.5']) {
      const box = screen.getByLabelText('Urgent First reply') as HTMLInputElement;
      fireEvent.change(box, { target: { value: typed } });
      fireEvent.blur(box);
      // Not turned into a 1- or 2-minute target behind the admin's back.
      expect(box.value).toBe(typed);
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(errorsShown()).toEqual(['A target is whole minutes, from 1 to 525,600 (a year)']));
      expect(box.closest('.ant-input-number-status-error')).not.toBeNull();
    }
    expect(callsTo(calls, 'admin/settings/sla.policy.edit')).toHaveLength(0);
  });

  it('says it in Chinese too', async () => {
    serve({ 'targets.high.resolution': 'field_invalid' });
    await chooseLanguage('zh-cn');
    renderApp('/wswt/setting/sla/edit', { state: editState(3) });
    await waitFor(() => expect(screen.getByLabelText('标题')).toHaveProperty('value', 'Outages first'));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errorsShown()).toEqual(['高 解决: 值无效']));
  });
});
