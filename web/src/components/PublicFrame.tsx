import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './BrandMark';
import { PublicLanguageSwitch } from './light/PublicLanguageSwitch';

/**
 * Pages outside the back office: brand and language at the top, content centred. Without Ant
 * Design (components/light), so the public form, survey and sign-in load light.
 */
export function PublicFrame({ children, brandLink = '/' }: { children: ReactNode; brandLink?: string }) {
  return (
    <div className="pl-frame">
      <header className="pl-frame-top">
        <Link to={brandLink}>
          <BrandMark size={30} />
        </Link>
        <PublicLanguageSwitch />
      </header>
      <main className="pl-frame-main">{children}</main>
    </div>
  );
}
