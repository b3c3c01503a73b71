import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Space } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyMultiSelect, LazySelect } from './LazySelect';

const options = [
  { value: null, label: 'No group' },
  { value: 1, label: 'Support' },
  { value: 2, label: 'Billing' },
];

function Panel({ onValues, disabled }: { onValues?: (v: unknown) => void; disabled?: boolean }) {
  return (
    <Form layout="vertical" initialValues={{ group_id: 1 }} onValuesChange={onValues} disabled={disabled}>
      <Form.Item name="group_id" label="Group">
        <LazySelect options={options} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </Form>
  );
}

afterEach(cleanup);

describe('LazySelect', () => {
  it('shows the value as a labelled combobox before anyone comes to it', () => {
    render(<Panel />);
    const box = screen.getByRole('combobox', { name: 'Group' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.closest('.ant-select')?.textContent).toBe('Support');
    // Inside a Form.Item, its class as Select's (not outside one: below).
    expect(box.closest('.ant-select')?.className).toContain('ant-select-in-form-item');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('from the keyboard: focused, it is the real Select, ArrowDown opens it and typing searches', async () => {
    const onValues = vi.fn();
    render(<Panel onValues={onValues} />);
    const drawn = screen.getByRole('combobox', { name: 'Group' });
    drawn.focus();
    // The focus moves to the real Select's own combobox, in the same place, with the same label.
    const real = await waitFor(() => {
      const el = document.activeElement as HTMLInputElement;
      expect(el).not.toBe(drawn);
      expect(el).toBe(screen.getByRole('combobox', { name: 'Group' }));
      expect(el.id).toBe('group_id');
      return el;
    });
    fireEvent.keyDown(real, { key: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(real.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.change(real, { target: { value: 'bil' } });
    const billing = await screen.findByTitle('Billing');
    expect(screen.queryByTitle('No group')).toBeNull();
    fireEvent.click(billing);
    expect(onValues).toHaveBeenCalledWith({ group_id: 2 }, { group_id: 2 });
  });

  it('a press on it opens the real Select at once', async () => {
    const onValues = vi.fn();
    render(<Panel onValues={onValues} />);
    fireEvent.mouseDown(screen.getByLabelText('Group'));
    fireEvent.click(await screen.findByTitle('No group'));
    expect(onValues).toHaveBeenCalledWith({ group_id: null }, { group_id: null });
  });

  it('disabled with its form: it does not turn into a Select or open', () => {
    render(<Panel disabled />);
    const box = screen.getByRole('combobox', { name: 'Group' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    fireEvent.mouseDown(box);
    expect(screen.getByRole('combobox', { name: 'Group' })).toBe(box);
    expect(screen.queryByTitle('No group')).toBeNull();
  });

  it('outside a form, with a value to clear: the clear button clears without opening, as Select', async () => {
    const onChange = vi.fn();
    const onClear = vi.fn();
    render(
      <LazySelect
        aria-label="State"
        allowClear
        value="open"
        onChange={onChange}
        onClear={onClear}
        style={{ width: 140 }}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'pending', label: 'Pending' },
        ]}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'State' });
    const drawn = box.closest('.ant-select') as HTMLElement;
    expect(drawn.className).not.toContain('ant-select-in-form-item');
    expect(drawn.className).toContain('ant-select-allow-clear');
    expect(drawn.style.width).toBe('140px');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(undefined, undefined);
    // Not opened: the real Select is there, closed.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).not.toBe(box));
    expect(screen.getByRole('combobox', { name: 'State' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTitle('Pending')).toBeNull();
  });

  it('no clear button without a value; the focus on its clear button (Shift+Tab) goes to the real one', async () => {
    const options = [{ value: 'open', label: 'Open' }];
    const { rerender } = render(<LazySelect aria-label="State" allowClear options={options} />);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'State' }).closest('.ant-select')?.className).not.toContain(
      'ant-select-allow-clear',
    );
    rerender(<LazySelect aria-label="State" allowClear value="open" options={options} />);
    const drawn = screen.getByRole('button', { name: 'Clear' });
    drawn.focus();
    await waitFor(() => {
      const el = document.activeElement as HTMLElement;
      expect(el).not.toBe(drawn);
      expect(el).toBe(screen.getByRole('button', { name: 'Clear' }));
    });
  });

  it('in a Space.Compact, with labelRender: the compact classes and the rendered label, the option as title', () => {
    render(
      <Space.Compact>
        <LazySelect
          aria-label="Created in"
          value="7d"
          labelRender={({ label }) => `Created in: ${label}`}
          options={[{ value: '7d', label: 'Last 7 days' }]}
        />
      </Space.Compact>,
    );
    const content = screen.getByRole('combobox', { name: 'Created in' }).parentElement as HTMLElement;
    expect(content.textContent).toBe('Created in: Last 7 days');
    expect(content.title).toBe('Last 7 days');
    expect(content.parentElement?.className).toContain(
      'ant-select-compact-item ant-select-compact-first-item ant-select-compact-last-item',
    );
  });
});

const agents = [
  { value: 7, label: 'Linus Agent' },
  { value: 8, label: 'Ada Agent' },
  { value: 9, label: 'Grace Agent' },
];

function Followers({ onValues, disabled }: { onValues?: (v: unknown) => void; disabled?: boolean }) {
  return (
    <Form layout="vertical" initialValues={{ follower_ids: [7, 8] }} onValuesChange={onValues} disabled={disabled}>
      <Form.Item name="follower_ids" label="Followers">
        <LazyMultiSelect mode="multiple" options={agents} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
    </Form>
  );
}

describe('LazyMultiSelect', () => {
  it('shows the chosen items, each with its remove button, as a labelled closed combobox', () => {
    render(<Followers />);
    const box = screen.getByRole('combobox', { name: 'Followers' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    const drawn = box.closest('.ant-select') as HTMLElement;
    expect(drawn.className).toContain('ant-select-multiple');
    expect(drawn.className).toContain('ant-select-in-form-item');
    expect([...drawn.querySelectorAll('.ant-select-selection-item')].map((el) => el.getAttribute('title'))).toEqual([
      'Linus Agent',
      'Ada Agent',
    ]);
    expect(drawn.querySelectorAll('.ant-select-selection-item-remove')).toHaveLength(2);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a press opens the real Select, which adds the option picked', async () => {
    const onValues = vi.fn();
    render(<Followers onValues={onValues} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Followers' }));
    fireEvent.click(await screen.findByTitle('Grace Agent'));
    expect(onValues).toHaveBeenCalledWith({ follower_ids: [7, 8, 9] }, { follower_ids: [7, 8, 9] });
  });

  it('a press on an item’s remove button removes it without opening', async () => {
    const onValues = vi.fn();
    render(<Followers onValues={onValues} />);
    const box = screen.getByRole('combobox', { name: 'Followers' });
    const removes = (box.closest('.ant-select') as HTMLElement).querySelectorAll('.ant-select-selection-item-remove');
    fireEvent.mouseDown(removes[0] as Element);
    expect(onValues).toHaveBeenCalledWith({ follower_ids: [8] }, { follower_ids: [8] });
    // The real Select, closed, with the item that is left.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Followers' })).not.toBe(box));
    expect(screen.getByRole('combobox', { name: 'Followers' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTitle('Grace Agent')).toBeNull();
    expect(screen.queryByTitle('Linus Agent')).toBeNull();
    screen.getByTitle('Ada Agent');
  });

  it('from the keyboard: focused, it is the real Select; typing searches and Enter adds', async () => {
    const onValues = vi.fn();
    render(<Followers onValues={onValues} />);
    const drawn = screen.getByRole('combobox', { name: 'Followers' });
    drawn.focus();
    const real = await waitFor(() => {
      const el = document.activeElement as HTMLInputElement;
      expect(el).not.toBe(drawn);
      expect(el).toBe(screen.getByRole('combobox', { name: 'Followers' }));
      expect(el.id).toBe('follower_ids');
      return el;
    });
    fireEvent.change(real, { target: { value: 'gra' } });
    await screen.findByTitle('Grace Agent');
    fireEvent.keyDown(real, { key: 'Enter', keyCode: 13, which: 13 });
    expect(onValues).toHaveBeenCalledWith({ follower_ids: [7, 8, 9] }, { follower_ids: [7, 8, 9] });
  });

  it('disabled with its form: no remove buttons, and it stays the markup', () => {
    render(<Followers disabled />);
    const box = screen.getByRole('combobox', { name: 'Followers' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    const drawn = box.closest('.ant-select') as HTMLElement;
    expect(drawn.className).toContain('ant-select-disabled');
    expect(drawn.querySelectorAll('.ant-select-selection-item-remove')).toHaveLength(0);
    fireEvent.mouseDown(box);
    expect(screen.getByRole('combobox', { name: 'Followers' })).toBe(box);
  });

  it('tags: no arrow, the placeholder while empty, a typed tag added with Enter', async () => {
    const onChange = vi.fn();
    render(
      <LazyMultiSelect<string>
        aria-label="Tags"
        mode="tags"
        value={[]}
        options={[]}
        placeholder="Add tags"
        suffixIcon={null}
        onChange={onChange}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Tags' });
    const drawn = box.closest('.ant-select') as HTMLElement;
    expect(drawn.className).not.toContain('ant-select-show-arrow');
    expect(drawn.querySelector('.ant-select-suffix')).toBeNull();
    expect(drawn.querySelector('.ant-select-placeholder')?.textContent).toBe('Add tags');
    box.focus();
    const real = await waitFor(() => {
      const el = document.activeElement as HTMLInputElement;
      expect(el).not.toBe(box);
      return el;
    });
    fireEvent.change(real, { target: { value: 'refund' } });
    fireEvent.keyDown(real, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]?.[0]).toEqual(['refund']);
  });
});
