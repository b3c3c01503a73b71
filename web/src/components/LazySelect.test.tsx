import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazySelect } from './LazySelect';

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
});
