-- Statistics of the value table's field and value together: each value belongs to one field,
-- but the planner took them as independent and estimated a value's rows as the field's share
-- times the value's share of all fields (at 1M tickets: 152,056 for printer's 300,001 and
-- 248,397 for enterprise's 501,000). The list's choice between walking its tickets and merging
-- the values' index stretches (ticket-search/field-merge.ts, cheaperWay) reads these estimates.
CREATE STATISTICS IF NOT EXISTS ticket_field_value_field_text_stats (mcv) ON field_id, value_text FROM ticket_field_value;
ANALYZE ticket_field_value;
