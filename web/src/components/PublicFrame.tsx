import { Flex, Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';

/** Pages outside the back office: brand and language at the top, content centred. */
export function PublicFrame({ children, brandLink = '/' }: { children: ReactNode; brandLink?: string }) {
  return (
    <Layout
      style={{
        minHeight: '100vh',
        background: 'radial-gradient(1200px 600px at 50% -10%, #e6f0ff 0%, #f5f7fa 60%)',
      }}
    >
      <Flex align="center" justify="space-between" style={{ padding: '16px 24px' }}>
        <Link to={brandLink} style={{ color: 'inherit' }}>
          <BrandMark size={30} />
        </Link>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '24px 16px 64px' }}>
        {children}
      </Flex>
    </Layout>
  );
}
