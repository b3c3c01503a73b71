import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';

export const authNode = pgTable(
  'auth_node',
  {
    nodeId: serial('node_id').primaryKey(),
    nodeType: text('node_type').notNull(),
    nodeTitle: text('node_title').notNull(),
    nodeValue: text('node_value').notNull(),
    nodeState: text('node_state').notNull().default('active'),
  },
  (t) => [uniqueIndex('auth_node_type_value_uq').on(t.nodeType, t.nodeValue)],
);

export const authPkg = pgTable('auth_pkg', {
  pkgId: serial('pkg_id').primaryKey(),
  pkgTitle: text('pkg_title').notNull(),
  createTs: ts('create_ts').notNull(),
});

export const authPkgNode = pgTable(
  'auth_pkg_node',
  {
    pkgId: integer('pkg_id')
      .notNull()
      .references(() => authPkg.pkgId, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => authNode.nodeId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pkgId, t.nodeId] }), index('auth_pkg_node_node_idx').on(t.nodeId)],
);

export const role = pgTable('role', {
  roleId: serial('role_id').primaryKey(),
  roleName: text('role_name').notNull(),
  remark: text('remark').notNull().default(''),
  roleState: text('role_state').notNull().default('active'),
  /** The role new agents get when none is chosen. */
  isDefault: boolean('is_default').notNull().default(false),
  createTs: ts('create_ts').notNull(),
  updateTs: ts('update_ts').notNull(),
});

export const rolePkg = pgTable(
  'role_pkg',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.roleId, { onDelete: 'cascade' }),
    pkgId: integer('pkg_id')
      .notNull()
      .references(() => authPkg.pkgId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.pkgId] }), index('role_pkg_pkg_idx').on(t.pkgId)],
);

export const accountRole = pgTable(
  'account_role',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.roleId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] }), index('account_role_role_idx').on(t.roleId)],
);

export const agentGroup = pgTable(
  'agent_group',
  {
    groupId: serial('group_id').primaryKey(),
    groupName: text('group_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    remark: text('remark').notNull().default(''),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  // At most one default group, whatever two requests do at the same time.
  (t) => [uniqueIndex('agent_group_default_uq').on(t.isDefault).where(sql`${t.isDefault}`)],
);

export const groupAccount = pgTable(
  'group_account',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => agentGroup.groupId, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.accountId] }), index('group_account_account_idx').on(t.accountId)],
);
