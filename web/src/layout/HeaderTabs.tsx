import { FileTextOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import type { TAccount } from '@parley/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { isApiError } from '../api/errors';
import { pickerSilent } from '../api/types';
import { useTicket } from '../features/ticket/shared/queries';
import { useTranslation } from '../i18n/useTranslation';
import { accountKeys, accountName, useAccountName } from '../pickers/accountQueries';
import { matchRoute } from '../routes/table';
import { useStableNavigate } from '../routes/useStableNavigate';
import { LightTabs, type THeaderTabItem } from './LightTabs';
import { lastTicketList } from './tabs';
import { useHeaderTabs } from './useHeaderTabs';

const listKey = '#ticket-list';

type TOverflowTabs = typeof import('./OverflowTabs').OverflowTabs;

// Ant Design's Tabs, with its "more" menu, once the tabs no longer fit the header (issue 15).
// LightTabs swaps to them once their code is in, never through a loading state: a swap through
// Suspense put new light tabs, then Ant Design's, under a click meant for the old ones.
let overflowTabs: TOverflowTabs | null = null;
let overflowLoad: Promise<TOverflowTabs> | null = null;
function loadOverflowTabs(): Promise<TOverflowTabs> {
  overflowLoad ??= import('./OverflowTabs').then((m) => {
    overflowTabs = m.OverflowTabs;
    return m.OverflowTabs;
  });
  return overflowLoad;
}

/**
 * A ticket tab says the ticket's subject (from the cached ticket, fetched if the tab was restored
 * from an earlier visit); "Ticket #N" until it is known, and its full title on hover.
 */
function TicketTabText({ ticketId, fallback, onGone }: { ticketId: number; fallback: string; onGone?: () => void }) {
  const ticket = useTicket(ticketId, Number.isInteger(ticketId) && ticketId > 0);
  // Deleted, or no longer this agent's to see: a tab kept from an earlier visit closes itself.
  const error = ticket.error;
  const gone = isApiError(error) && pickerSilent.some((code) => code === error.code);
  useEffect(() => {
    if (gone) {
      onGone?.();
    }
  }, [gone, onGone]);
  const subject = ticket.data?.subject;
  if (!subject) {
    // In a span as the subject is: a bare text was no element after the icon, which then had no
    // gap before it ("Ticket #5" touched its icon).
    return <span className="parley-header-tab-text">{fallback}</span>;
  }
  return (
    <span className="parley-header-tab-text" title={`#${ticketId} ${subject}`}>
      {subject}
    </span>
  );
}

/**
 * A requester's tab (their account seen from a ticket) says their name, like a ticket tab its
 * subject: from the page's account while it is open (its edits show at once), else read quietly
 * (a tab kept from an earlier visit); "Requester #N" until it is known.
 */
function RequesterTabText({ accountId, fallback, open }: { accountId: number; fallback: string; open: boolean }) {
  const shown = useQuery<TAccount>({ queryKey: accountKeys.one(accountId), queryFn: skipToken });
  const quiet = useAccountName(accountId, { enabled: !open && !shown.data });
  const name = shown.data ? accountName(shown.data) : (quiet ?? '');
  if (!name) {
    return <span className="parley-header-tab-text">{fallback}</span>;
  }
  return (
    <span className="parley-header-tab-text" title={`${name} (#${accountId})`}>
      {name}
    </span>
  );
}

// The tabs' icons, made once: the same elements from render to render (the header renders on every
// page change) are not drawn again.
const ticketIcon = <FileTextOutlined aria-hidden />;
const requesterIcon = <UserOutlined aria-hidden />;
const listIcon = <UnorderedListOutlined aria-hidden />;

function tabLabel(t: TFunction, path: string, open: boolean, onGone?: () => void) {
  const match = matchRoute(path);
  switch (match?.entry.key) {
    case 'ticket_edit':
      return {
        icon: ticketIcon,
        text: (
          <TicketTabText
            ticketId={Number(match.params.ticket_id)}
            fallback={t('tabs.ticket', { id: match.params.ticket_id })}
            onGone={onGone}
          />
        ),
      };
    case 'ticket_account':
      return {
        icon: requesterIcon,
        text: (
          <RequesterTabText
            accountId={Number(match.params.account_id)}
            fallback={t('tabs.requester', { id: match.params.account_id })}
            open={open}
          />
        ),
      };
    default:
      return { icon: ticketIcon, text: t(`route.${match?.entry.key ?? 'ticket_add'}`) };
  }
}

/**
 * Ticket pages as closable tabs, after a fixed tab back to the ticket list. `hidden` (a phone, with
 * no room for them): no tabs, but the tabs and the last list are still kept, and a page can still close its tab.
 */
export function HeaderTabs({ showList, hidden = false }: { showList: boolean; hidden?: boolean }) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const { tabs, close, activePath, onList } = useHeaderTabs();

  const items: THeaderTabItem[] = [
    ...(showList ? [{ key: listKey, label: t('tabs.ticket_list'), icon: listIcon, closable: false }] : []),
    ...tabs.map((tab) => {
      // The open page's own tab stays: the page says the ticket is not there.
      const open = tab.path === activePath;
      const { icon, text } = tabLabel(t, tab.path, open, open ? undefined : () => close(tab.path));
      return { key: tab.path, label: text, icon, closable: true };
    }),
  ];
  const activeKey = onList ? listKey : tabs.some((tab) => tab.path === activePath) ? activePath : '';

  const [overflow, setOverflow] = useState(false);
  const onChange = (key: string) => {
    if (key === listKey) {
      void navigate(lastTicketList.get());
      return;
    }
    const tab = tabs.find((x) => x.path === key);
    if (tab) {
      void navigate(tab.fullPath);
    }
  };
  if (hidden) {
    return <span style={{ flex: 1 }} />;
  }
  const props = { items, activeKey, label: t('tabs.label'), closeLabel: t('tabs.close'), onChange, onClose: close };
  const Overflow = overflow ? overflowTabs : null;
  return Overflow ? (
    <Overflow {...props} />
  ) : (
    <LightTabs {...props} loadOverflow={loadOverflowTabs} onOverflow={() => setOverflow(true)} />
  );
}
