import type { Db } from '../src/db/client.js';
import { account, company } from '../src/db/schema/index.js';
export declare const defaultPassword = "password-123";
export declare const uniqueEmail: (prefix?: string) => string;
type AccountInsert = typeof account.$inferInsert;
/** An account with a password; overrides set any column. */
export declare function buildAccount(db: Db, overrides?: Partial<AccountInsert> & {
    password?: string | null;
}): Promise<{
    password: string | null;
    accountId: number;
    email: string;
    realName: string;
    passwordHash: string | null;
    userType: string;
    ticketAccess: string;
    replyAccess: string;
    canCloseTicket: boolean;
    avatar: string;
    aliasName: string;
    signature: string;
    enableSignature: boolean;
    defaultLanguage: string;
    timezone: string;
    innerNotes: string;
    allowCheckEmail: boolean;
    toolAccess: string[];
    chatState: string;
    accessState: string;
    companyId: number | null;
    createTs: number;
    updateTs: number;
    settingData: unknown;
}>;
type AccountOverrides = Partial<AccountInsert> & {
    password?: string | null;
};
export declare const buildAgent: (db: Db, overrides?: AccountOverrides) => Promise<{
    password: string | null;
    accountId: number;
    email: string;
    realName: string;
    passwordHash: string | null;
    userType: string;
    ticketAccess: string;
    replyAccess: string;
    canCloseTicket: boolean;
    avatar: string;
    aliasName: string;
    signature: string;
    enableSignature: boolean;
    defaultLanguage: string;
    timezone: string;
    innerNotes: string;
    allowCheckEmail: boolean;
    toolAccess: string[];
    chatState: string;
    accessState: string;
    companyId: number | null;
    createTs: number;
    updateTs: number;
    settingData: unknown;
}>;
export declare const buildEndUser: (db: Db, overrides?: AccountOverrides) => Promise<{
    password: string | null;
    accountId: number;
    email: string;
    realName: string;
    passwordHash: string | null;
    userType: string;
    ticketAccess: string;
    replyAccess: string;
    canCloseTicket: boolean;
    avatar: string;
    aliasName: string;
    signature: string;
    enableSignature: boolean;
    defaultLanguage: string;
    timezone: string;
    innerNotes: string;
    allowCheckEmail: boolean;
    toolAccess: string[];
    chatState: string;
    accessState: string;
    companyId: number | null;
    createTs: number;
    updateTs: number;
    settingData: unknown;
}>;
/** A role granting the given nodes through one package, given to `accountIds`. */
export declare function buildRole(db: Db, options: {
    nodes: Array<{
        type: 'menu' | 'btn';
        value: string;
    }>;
    accountIds?: number[];
    roleState?: string;
}): Promise<{
    roleId: number;
    pkgId: number;
}>;
/** Gives an account the seeded default "Agent" role, as new agents get it. */
export declare function giveDefaultRole(db: Db, accountId: number): Promise<number>;
export declare function nodeIds(db: Db, values: string[]): Promise<number[]>;
export declare const buildAdmin: (db: Db, overrides?: AccountOverrides) => Promise<{
    password: string | null;
    accountId: number;
    email: string;
    realName: string;
    passwordHash: string | null;
    userType: string;
    ticketAccess: string;
    replyAccess: string;
    canCloseTicket: boolean;
    avatar: string;
    aliasName: string;
    signature: string;
    enableSignature: boolean;
    defaultLanguage: string;
    timezone: string;
    innerNotes: string;
    allowCheckEmail: boolean;
    toolAccess: string[];
    chatState: string;
    accessState: string;
    companyId: number | null;
    createTs: number;
    updateTs: number;
    settingData: unknown;
}>;
/** An organization with a unique name; pass `companyDomains` to make it own domains. */
export declare function buildCompany(db: Db, overrides?: Partial<typeof company.$inferInsert>): Promise<{
    companyId: number;
    companyName: string;
    companyDomains: string[];
    note: string;
    createTs: number;
    updateTs: number;
}>;
/** A domain nobody else in the test database uses. */
export declare const uniqueDomain: (prefix?: string) => string;
/**
 * A ticket made the way the services make one (search words, first comment, creation events),
 * with the default ticket settings. Overrides pick the people, state and properties.
 */
export declare function buildTicket(db: Db, overrides?: {
    requesterId?: number;
    subject?: string;
    body?: string;
    isPublic?: boolean;
    state?: 'new' | 'open' | 'pending' | 'solved' | 'closed';
    assigneeId?: number | null;
    groupId?: number | null;
    tags?: string[];
    priority?: 'low' | 'normal' | 'high' | 'urgent';
    authorId?: number | null;
}): Promise<{
    ticketId: number;
    requesterId: number;
}>;
/** A group with the given members. */
export declare function buildGroup(db: Db, accountIds?: number[]): Promise<number>;
export {};
