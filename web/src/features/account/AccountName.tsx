import { shownEmail, type TAccount } from '@parley/contracts';
import { Avatar, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { peoplePaths } from './paths';

export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/**
 * A long name or address without spaces breaks where it must: a table sizes its columns by their
 * content, and one 200-character name pushed the actions out of sight.
 */
const anywhere = { overflowWrap: 'anywhere' as const };

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
          <Link to={peoplePaths.account(account.account_id)} style={anywhere}>
            {name}
          </Link>
        ) : (
          <Typography.Text style={anywhere}>{name}</Typography.Text>
        )}
        {/* A chat visitor who gave no address has a made-up one: not shown. */}
        {shownEmail(account.email) && (
          <Typography.Text type="secondary" style={{ fontSize: 12, ...anywhere }}>
            {account.email}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
