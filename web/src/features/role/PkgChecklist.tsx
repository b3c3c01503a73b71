import { Checkbox, Empty, Skeleton } from 'antd';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { useAllAuthPkgs } from '../auth-node/queries';

/** Picks auth packages from all of them, as a list of checkboxes. */
export function PkgChecklist({
  value = [],
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const seeded = useSeeded();
  const pkgs = useAllAuthPkgs();
  if (pkgs.isPending) {
    return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  }
  if (!pkgs.data || pkgs.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.no_pkgs')} />;
  }
  return (
    <div
      id={id}
      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px', maxHeight: 280, overflow: 'auto' }}
    >
      {/* Plain checkboxes, not Checkbox.Group: the group drops values whose checkbox has not registered
          yet (an effect), so a click just after the list rendered saved no packages at all. */}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {pkgs.data.map((p) => (
          <Checkbox
            key={p.pkg_id}
            checked={value.includes(p.pkg_id)}
            onChange={(e) => onChange?.(e.target.checked ? [...value, p.pkg_id] : value.filter((v) => v !== p.pkg_id))}
          >
            {seeded.text(p.pkg_title)}
          </Checkbox>
        ))}
      </div>
    </div>
  );
}
