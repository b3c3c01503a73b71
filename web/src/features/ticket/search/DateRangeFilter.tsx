import { DatePicker, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../components/LazySelect';
import { formatDateRange, parseDateRange, rangePresets } from './dateRange';

const custom = 'custom';
const dayFormat = 'YYYY-MM-DD';

/**
 * A created or updated filter: one of the spec's ranges back from now, or days picked on a
 * calendar (the page reads them in the agent's time zone). `value` is the address's form
 * (`7d`, `2026-11-01..2026-11-15`).
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  /** What is filtered, e.g. "Created in". */
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const range = parseDateRange(value);
  // "Custom range" chosen, no days picked yet.
  const [picking, setPicking] = useState(false);
  const [open, setOpen] = useState(false);
  const days = range && 'from' in range ? range : undefined;
  const isCustom = picking || days !== undefined;
  // Once per language (`t` changes with it), not on every render: an i18next lookup is ~0.3 ms at 4× CPU.
  const options = useMemo(
    () => [
      ...rangePresets.map((key) => ({ value: key, label: t(`ticket.range_${key}`) })),
      { value: custom, label: t('ticket.range_custom') },
    ],
    [t],
  );

  return (
    <Space.Compact>
      <LazySelect<string>
        aria-label={label}
        placeholder={label}
        allowClear
        popupMatchSelectWidth={false}
        style={{ width: isCustom ? 130 : 210 }}
        value={isCustom ? custom : range && 'preset' in range ? range.preset : undefined}
        // The field stays named once a range is chosen: "Created in: Last 7 days".
        labelRender={({ value: chosen, label: text }) =>
          chosen === custom ? label : t('ticket.range_value', { field: label, range: text })
        }
        onChange={(next) => {
          if (next === custom) {
            setPicking(true);
            setOpen(true);
            return;
          }
          setPicking(false);
          onChange(next);
        }}
        options={options}
      />
      {isCustom && (
        <DatePicker.RangePicker
          open={open}
          onOpenChange={setOpen}
          value={days ? [dayjs(days.from), dayjs(days.to)] : null}
          format={dayFormat}
          placeholder={[t('ticket.range_start'), t('ticket.range_end')]}
          style={{ width: 250 }}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            // Cleared days leave the calendar in place to pick others.
            setPicking(true);
            onChange(
              from && to ? formatDateRange({ from: from.format(dayFormat), to: to.format(dayFormat) }) : undefined,
            );
          }}
        />
      )}
    </Space.Compact>
  );
}
