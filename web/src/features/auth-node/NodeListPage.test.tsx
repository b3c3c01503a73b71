import type { TAuthNode } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page, type TFakeServerOptions } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const nodes: TAuthNode[] = [
  { node_id: 1, node_type: 'menu', node_title: 'People', node_value: '/wswt/setting/people', node_state: 'active' },
  { node_id: 2, node_type: 'btn', node_title: 'Add organization', node_value: 'company.add', node_state: 'active' },
];

async function openNodes(options: TFakeServerOptions = {}) {
  const server = fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/auth.node.list': (c) =>
        page(c.query.get('node_type') ? nodes.filter((n) => n.node_type === c.query.get('node_type')) : nodes),
      ...options.handlers,
    },
  });
  const app = renderApp('/wswt/setting/auth/node');
  await screen.findByRole('heading', { name: 'Auth nodes' });
  return { ...server, ...app };
}

describe('auth nodes', () => {
  it('lists the nodes and filters them by type, keeping the filter in the address', async () => {
    const { calls, here } = await openNodes();
    await screen.findByText('/wswt/setting/people');
    screen.getByText('company.add');

    fireEvent.click(screen.getByRole('radio', { name: 'Button' }));
    await waitFor(() => expect(screen.queryByText('/wswt/setting/people')).toBeNull());
    screen.getByText('company.add');
    expect(callsTo(calls, 'admin/auth.node.list').at(-1)?.query.get('node_type')).toBe('btn');
    expect(here()).toContain('node_type=btn');
  });

  it('asks for the name and value, then adds the node', async () => {
    const { calls } = await openNodes({ handlers: { 'admin/auth.node.add': () => ok({ node_id: 9 }) } });
    fireEvent.click(await screen.findByRole('button', { name: /Add node/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Name is required');
    within(dialog).getByText('This field is required');
    expect(callsTo(calls, 'admin/auth.node.add')).toHaveLength(0);

    fireEvent.click(within(dialog).getByText('Button'));
    typeInto('Name', 'Export tickets');
    typeInto('Value', 'ticket.export');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.node.add')[0]?.body).toEqual({
      node_type: 'btn',
      node_title: 'Export tickets',
      node_value: 'ticket.export',
    });
  });

  it("shows the server's refusal under the value", async () => {
    await openNodes({
      handlers: {
        'admin/auth.node.add': () =>
          fail('FFFF', 'This node already exists', { fields: { node_value: 'This node already exists' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Add node/ }));
    const dialog = await screen.findByRole('dialog');
    typeInto('Name', 'People again');
    typeInto('Value', '/wswt/setting/people');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('This node already exists');
  });

  it('hides Add node from an agent without the button node', async () => {
    await openNodes({ user: account(), menus: ['/wswt/setting/auth/node'], buttons: ['auth.pkg.add'] });
    await screen.findByText('/wswt/setting/people');
    await screen.findAllByRole('menu'); // the side menu waits for the caller's nodes too
    expect(screen.queryByRole('button', { name: /Add node/ })).toBeNull();
  });
});
