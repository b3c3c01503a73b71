import type { TInboxLogEntry } from '@parley/contracts';
import type { TFunction } from 'i18next';

/**
 * Why a mail made no ticket, in the reader's language: by the server's stable code, with its
 * detail (a header's value, an address, an error) kept as written, never by the English words
 * (which may change). An entry without a code reads as the server wrote it.
 */
export function inboxReason(entry: Pick<TInboxLogEntry, 'reason' | 'reason_code' | 'reason_detail'>, t: TFunction) {
  if (entry.reason_code === null) {
    return entry.reason;
  }
  return t(`email_setting.reason_${entry.reason_code}`, {
    detail: entry.reason_detail,
    interpolation: { escapeValue: false },
  });
}
