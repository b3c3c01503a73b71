import { z } from 'zod';
import { ZId } from './common.js';

/**
 * A view or search condition on a custom field (the views editor puts it among the view's
 * conditions). `is`/`is_not` compare the whole value (a multi-select: holds that option);
 * `under` is a nested drop-down's branch (`hardware` holds `hardware::printer`);
 * `less_than`/`greater_than` compare numbers and dates; `present`/`not_present` ask for any value.
 */
export const fieldOperators = ['is', 'is_not', 'under', 'less_than', 'greater_than', 'present', 'not_present'] as const;
export const ZFieldOperator = z.enum(fieldOperators, { error: 'enum_invalid' });
export type TFieldOperator = z.infer<typeof ZFieldOperator>;

export const ZCustomFieldCondition = z.object({
  field: z.literal('custom_field').describe('A custom field'),
  field_id: ZId.describe('The custom field'),
  operator: ZFieldOperator.describe("How its value is compared (the operators of the field's type)"),
  value: z
    .union([z.string().max(200), z.number(), z.boolean(), z.null()])
    .default(null)
    .describe('The value compared with (null for `present` and `not_present`)'),
});
export type TCustomFieldCondition = z.output<typeof ZCustomFieldCondition>;
