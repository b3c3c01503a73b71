import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { followLink } from '../followLink';
import { Spinner } from './Icon';

interface TLook {
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
  block?: boolean;
  icon?: ReactNode;
}

function classes({ variant = 'default', size = 'middle', block = false }: TLook, extra = ''): string {
  return [
    'pl-btn',
    variant !== 'default' && `pl-btn-${variant}`,
    size === 'large' && 'pl-btn-lg',
    block && 'pl-btn-block',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button with Ant Design's look. `loading` shows a spinner and ignores clicks but stays
 * focusable (a disabled button would lose the keyboard's place).
 */
export function Button({
  variant,
  size,
  block,
  icon,
  loading = false,
  type = 'button',
  children,
  onClick,
  className,
  ...rest
}: TLook & { loading?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...rest}
      // biome-ignore lint/a11y/useButtonType: the type is a prop, "button" unless told
      type={type}
      className={classes({ variant, size, block }, `${loading ? 'pl-btn-loading' : ''} ${className ?? ''}`)}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? <Spinner /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}

/** A link with a button's look that navigates inside the app (middle-click and copying still work). */
export function LinkButton({ to, children, ...look }: TLook & { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a href={to} onClick={followLink(navigate, to)} className={classes(look)}>
      {look.icon}
      <span>{children}</span>
    </a>
  );
}
