import type { ReactNode } from 'react';
import { BrandMark } from '../../components/BrandMark';

/**
 * The centred card of a form that takes an account's credentials (sign-in, setting a password
 * from a mailed link): the brand, the page's title and a line under it, then what the page puts
 * below (its messages and its form). Built without Ant Design, like the pages that use it.
 */
export function CredentialsCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="pl-card" style={{ maxWidth: 420 }}>
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        <div style={{ display: 'inline-block', marginBottom: 16 }}>
          <BrandMark size={44} showName={false} />
        </div>
        <h1 className="pl-title" style={{ margin: 0 }}>
          {title}
        </h1>
        <span className="pl-muted">{subtitle}</span>
      </div>
      {children}
    </div>
  );
}
