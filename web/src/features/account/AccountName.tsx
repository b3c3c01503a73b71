import type { TAccount } from '@parley/contracts';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { peoplePaths } from './paths';

export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** Avatar, name (a link to the account) and email. */
export function AccountName({ account, link = true }: { account: TAccount; link?: boolean }) {
  const name = account.real_name || account.email;
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <Avatar src={account.avatar || undefined} style={{ background: '#1668dc', flex: 'none' }}>
        {initialOf(name)}
      </Avatar>
      <Flex vertical style={{ minWidth: 0 }}>
        {link ? (
          <Link to={peoplePaths.account(account.account_id)}>{name}</Link>
        ) : (
          <Typography.Text>{name}</Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {account.email}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
