import { useTranslation } from '../i18n/useTranslation';
import { brandColor } from '../theme';
import { useBranding } from './useBranding';

function Logo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <rect width="32" height="32" rx="8" fill={brandColor} />
      <path
        d="M9 10.5A3.5 3.5 0 0 1 12.5 7h7A3.5 3.5 0 0 1 23 10.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.5 4v-4.2A3.5 3.5 0 0 1 9 15.5z"
        fill="#fff"
      />
    </svg>
  );
}

/**
 * The logo and brand name (the administrator's brand name when one is set). Plain elements, no
 * Ant Design: the public pages show it before any of Ant Design is loaded.
 */
export function BrandMark({
  size = 28,
  dark = false,
  showName = true,
}: {
  size?: number;
  dark?: boolean;
  showName?: boolean;
}) {
  const { t } = useTranslation();
  const { brandName } = useBranding();
  const name = brandName ?? t('app.name');
  return (
    <span className="pl-brand">
      <Logo size={size} />
      {showName && (
        // A long name is cut short with an ellipsis: the whole of it shows on hover.
        <span
          className="pl-brand-name"
          title={name}
          style={{ fontSize: size * 0.64, color: dark ? '#fff' : 'rgba(0, 0, 0, 0.88)' }}
        >
          {name}
        </span>
      )}
    </span>
  );
}
