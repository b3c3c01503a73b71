import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TBtnNode } from '@parley/contracts';
import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Can } from './Can';

/** A list row's Edit link, shown only to callers holding its button node. */
export function EditAction({ btn, onClick }: { btn: TBtnNode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Can btn={btn}>
      <Button type="link" icon={<EditOutlined aria-hidden />} onClick={onClick}>
        {t('common.edit')}
      </Button>
    </Can>
  );
}

/** A list row's Delete link (the caller confirms in `onClick`), shown only to callers holding its node. */
export function DeleteAction({ btn, onClick }: { btn: TBtnNode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Can btn={btn}>
      <Button type="link" danger icon={<DeleteOutlined aria-hidden />} onClick={onClick}>
        {t('common.delete')}
      </Button>
    </Can>
  );
}

/** The Actions column of a list: its title, width and the row's action links side by side. */
export function actionsColumn<T>(title: string, width: number, render: (row: T) => ReactNode): ColumnType<T> {
  return {
    title,
    key: 'actions',
    width,
    render: (_: unknown, row: T) => <Space size={0}>{render(row)}</Space>,
  };
}
