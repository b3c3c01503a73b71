import { requiredText } from '@parley/contracts';

/** An account's name: "Name is required". */
export const ZAccountName = requiredText('required_name', 100);
