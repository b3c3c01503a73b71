import { DatePicker, Flex, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { LazySelect } from '../../../components/LazySelect';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateRange, parseDateRange, rangePresets } from './dateRange';

const custom = 'custom';
const dayFormat = 'YYYY-MM-DD';

/**
 * A created or updated filter: one of the spec's ranges back from now, or days picked on a
 * calendar (the page reads them in the agent's time zone). `value` is the address's form
 * (`7d`, `2026-11-01..2026-11-15`). With `block`, as wide as it is given, the days under the
 * range (a phone's filters drawer).
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
  block = false,
}: {
  /** What is filtered, e.g. "Created in". */
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  block?: boolean;
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

  const select = (
    <LazySelect<string>
      aria-label={label}
      placeholder={label}
      allowClear
      popupMatchSelectWidth={false}
      style={{ width: block ? '100%' : isCustom ? 130 : 210 }}
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
  );
  const dayPickers = isCustom && block && (
    // Marked as chosen: cleared days leave the calendars in place to pick others.
    <BlockDays
      label={label}
      days={days}
      open={open}
      onOpenChange={setOpen}
      onChange={(next) => {
        setPicking(true);
        onChange(next);
      }}
    />
  );
  const rangePicker = isCustom && !block && (
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
        onChange(from && to ? formatDateRange({ from: from.format(dayFormat), to: to.format(dayFormat) }) : undefined);
      }}
    />
  );
  return block ? (
    <Flex vertical gap={8}>
      {select}
      {dayPickers}
    </Flex>
  ) : (
    <Space.Compact>
      {select}
      {rangePicker}
    </Space.Compact>
  );
}

/**
 * A custom range's days on a phone: two calendars of one month each, first day and last day (the
 * range picker's two months side by side are 576px wide: they widened a phone's page past its
 * screen). Applied once both are picked, in either order.
 */
function BlockDays({
  label,
  days,
  open,
  onOpenChange,
  onChange,
}: {
  label: string;
  days: { from: string; to: string } | undefined;
  /** The first day's calendar, opened as "Custom range…" is chosen. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(days?.from);
  const [to, setTo] = useState(days?.to);
  const [toOpen, setToOpen] = useState(false);
  const pick = (nextFrom: string | undefined, nextTo: string | undefined) => {
    setFrom(nextFrom);
    setTo(nextTo);
    onChange(
      nextFrom && nextTo
        ? formatDateRange(nextFrom <= nextTo ? { from: nextFrom, to: nextTo } : { from: nextTo, to: nextFrom })
        : undefined,
    );
  };
  return (
    <Flex gap={8}>
      <DatePicker
        aria-label={`${label}: ${t('ticket.range_start')}`}
        placeholder={t('ticket.range_start')}
        format={dayFormat}
        open={open}
        onOpenChange={onOpenChange}
        value={from ? dayjs(from) : null}
        style={{ flex: 1, minWidth: 0 }}
        onChange={(date) => {
          pick(date ? date.format(dayFormat) : undefined, to);
          // The first day picked, the last day's calendar follows.
          setToOpen(Boolean(date) && !to);
        }}
      />
      <DatePicker
        aria-label={`${label}: ${t('ticket.range_end')}`}
        placeholder={t('ticket.range_end')}
        format={dayFormat}
        open={toOpen}
        onOpenChange={setToOpen}
        value={to ? dayjs(to) : null}
        style={{ flex: 1, minWidth: 0 }}
        onChange={(date) => pick(from, date ? date.format(dayFormat) : undefined)}
      />
    </Flex>
  );
}
