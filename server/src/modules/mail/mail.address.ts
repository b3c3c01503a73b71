import type { TSupportAddress, ZSupportAddressAddRequest, ZSupportAddressEditRequest } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { queryRows } from '../../db/rows.js';
import { invalid, invalidWith, notFound } from '../../http/app-error.js';
import { checkImap } from './mail.check.js';
import { type Endpoint, endpointOf, endpointText, type MailConfig } from './mail.config.js';
import { addresses, header } from './mail.parse.js';

/** A support address as the mail work uses it (password included). */
export interface SupportAddress {
  addressId: number;
  address: string;
  name: string;
  groupId: number | null;
  /** Its own mailbox (fetched on its own); null for an alias of the main mailbox. */
  mailbox: { imap: Endpoint; user: string; pass: string } | null;
}

interface AddressRow {
  address_id: number;
  address: string;
  name: string;
  group_id: number | null;
  has_mailbox: boolean;
  imap_host: string;
  account: string;
  password: string;
  use_ssl: boolean;
  create_ts: number;
}

const columns = sql`address_id, address, name, group_id, has_mailbox, imap_host, account, password, use_ssl, create_ts`;

const rowsOf = (db: DbOrTx) => queryRows<AddressRow>(db, sql`SELECT ${columns} FROM mail_address ORDER BY address_id`);

export function presentAddress(r: AddressRow): TSupportAddress {
  return {
    address_id: Number(r.address_id),
    address: r.address,
    name: r.name,
    group_id: r.group_id === null ? null : Number(r.group_id),
    has_mailbox: r.has_mailbox,
    imap_host: r.imap_host,
    account: r.account,
    has_password: r.password !== '',
    use_ssl: r.use_ssl,
    create_ts: Number(r.create_ts),
  };
}

export async function listSupportAddresses(db: DbOrTx): Promise<SupportAddress[]> {
  return (await rowsOf(db)).map((r) => ({
    addressId: Number(r.address_id),
    address: r.address,
    name: r.name,
    groupId: r.group_id === null ? null : Number(r.group_id),
    mailbox: r.has_mailbox
      ? { imap: endpointOf(r.imap_host, r.use_ssl, 'imap'), user: r.account, pass: r.password }
      : null,
  }));
}

export async function supportAddressList(db: DbOrTx) {
  return { list: (await rowsOf(db)).map(presentAddress) };
}

type AddInput = z.output<typeof ZSupportAddressAddRequest>;
type EditInput = z.output<typeof ZSupportAddressEditRequest>;

async function checkGroup(db: DbOrTx, groupId: number | null) {
  if (groupId === null) {
    return;
  }
  const [group] = await queryRows(db, sql`SELECT 1 FROM agent_group WHERE group_id = ${groupId}`);
  if (!group) {
    throw invalid('field_invalid', 'group_id');
  }
}

/** A unique address: the index answers a race, this answers the ordinary case with a clear message. */
async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw invalid('email_exists', 'address');
    }
    throw error;
  }
}

/**
 * An own mailbox is saved only once Parley could sign in to it: saved blind, a wrong port, Use
 * SSL or password left the address's mail unread for ever with nothing on screen but "saved".
 */
async function mustSignIn(box: { imap_host: string; account: string; use_ssl: boolean }, password: string) {
  const imap = endpointOf(box.imap_host, box.use_ssl, 'imap');
  const result = await checkImap({ imap, user: box.account, pass: password } as MailConfig);
  if (!result.ok) {
    const stage =
      result.stage === 'login' || result.stage === 'greeting' || result.stage === 'tls' || result.stage === 'mailbox'
        ? result.stage
        : 'connection';
    throw invalidWith(`mailbox_failed_${stage}`, stage === 'login' ? 'password' : 'imap_host', {
      endpoint: endpointText(imap),
    });
  }
}

export async function supportAddressAdd(db: DbOrTx, input: AddInput): Promise<{ address_id: number }> {
  await checkGroup(db, input.group_id);
  if (input.has_mailbox && !input.password) {
    throw invalid('required_password', 'password');
  }
  if (input.has_mailbox) {
    await mustSignIn(input, input.password);
  }
  const [row] = await saving(() =>
    queryRows<{ address_id: number }>(
      db,
      sql`INSERT INTO mail_address (address, name, group_id, has_mailbox, imap_host, account, password, use_ssl, create_ts)
          VALUES (${input.address}, ${input.name}, ${input.group_id}, ${input.has_mailbox},
            ${input.has_mailbox ? input.imap_host : ''}, ${input.has_mailbox ? input.account : ''},
            ${input.has_mailbox ? input.password : ''}, ${input.use_ssl}, ${Date.now()})
          RETURNING address_id`,
    ),
  );
  return { address_id: Number(row?.address_id) };
}

export async function supportAddressEdit(db: DbOrTx, input: EditInput): Promise<void> {
  const [current] = await queryRows<AddressRow>(
    db,
    sql`SELECT ${columns} FROM mail_address WHERE address_id = ${input.address_id}`,
  );
  if (!current) {
    throw notFound();
  }
  await checkGroup(db, input.group_id);
  // An empty password keeps the stored one; an own mailbox needs one.
  const password = input.has_mailbox ? input.password || current.password : '';
  if (input.has_mailbox && !password) {
    throw invalid('required_password', 'password');
  }
  const reached =
    current.has_mailbox &&
    !input.password &&
    current.imap_host === input.imap_host &&
    current.account === input.account &&
    current.use_ssl === input.use_ssl;
  if (input.has_mailbox && !reached) {
    await mustSignIn(input, password);
  }
  await saving(() =>
    db.execute(
      sql`UPDATE mail_address SET address = ${input.address}, name = ${input.name}, group_id = ${input.group_id},
            has_mailbox = ${input.has_mailbox}, imap_host = ${input.has_mailbox ? input.imap_host : ''},
            account = ${input.has_mailbox ? input.account : ''}, password = ${password}, use_ssl = ${input.use_ssl}
          WHERE address_id = ${input.address_id}`,
    ),
  );
}

export async function supportAddressDelete(db: DbOrTx, ids: number[]): Promise<void> {
  const found = await queryRows<{ address_id: number }>(
    db,
    sql`DELETE FROM mail_address WHERE address_id = ANY(${`{${ids.join(',')}}`}::int[]) RETURNING address_id`,
  );
  if (found.length === 0) {
    throw notFound();
  }
}

/** The address part of a support address and its `+tag` form (`help+12@x` is `help@x`). */
const baseOf = (address: string) => address.replace(/\+[^@]*@/, '@');

/**
 * The support address a new mail was written to: the own mailbox it was fetched from, else the
 * first alias among its envelope and header recipients (Delivered-To, X-Original-To, To, Cc).
 */
export function addressOfMail(
  mail: ParsedMail,
  all: SupportAddress[],
  fetchedFrom: SupportAddress | null,
): SupportAddress | null {
  if (fetchedFrom) {
    return fetchedFrom;
  }
  const aliases = all.filter((a) => a.mailbox === null);
  const envelope = ['delivered-to', 'x-original-to', 'envelope-to']
    .flatMap((h) => header(mail, h).split(','))
    .map((a) => a.replace(/.*</, '').replace(/>.*/, '').trim().toLowerCase())
    .filter(Boolean);
  const recipients = [
    ...envelope,
    ...addresses(mail.to).map((a) => a.address),
    ...addresses(mail.cc).map((a) => a.address),
  ];
  for (const r of recipients) {
    const match = aliases.find((a) => a.address === baseOf(r));
    if (match) {
      return match;
    }
  }
  return null;
}
