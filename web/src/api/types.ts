import type { TCallOptions } from './client';

/** Options every typed call takes. */
export type TOpts = Pick<TCallOptions<unknown>, 'silent' | 'signal' | 'onMessage'>;

/** A list request as the client sends it: the contract's filters, paging as numbers. */
export type TPagedQuery<T> = Omit<T, 'offset' | 'limit'> & { offset?: number; limit?: number };

/**
 * For the lists behind a form's pickers: a caller allowed on the screen but not to read the
 * list (or a server without that list yet) gets an empty picker, not an error page.
 */
export const pickerSilent = ['0403', '0404'] as const;
