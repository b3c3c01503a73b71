import { DownOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { TNotePreviewResponse } from '@parley/contracts';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { noteApi } from '../../api/note';
import { useMenuButton } from '../../components/useMenuButton';
import { useTranslation } from '../../i18n/useTranslation';
import { useOfferedNotes } from './queries';

/**
 * "Apply macro" on the ticket page: the chosen note's changes come back as a preview for the
 * form and the composer; nothing is saved until the agent submits.
 */
export function NoteApplyMenu({
  ticketId,
  onPreview,
}: {
  ticketId: number;
  onPreview: (preview: TNotePreviewResponse) => void;
}) {
  const { t } = useTranslation();
  const notes = useOfferedNotes();
  const [loading, setLoading] = useState(false);
  const menu = useMenuButton();
  const list = notes.data?.list ?? [];
  if (list.length === 0) {
    return null;
  }
  const apply = async (noteId: number) => {
    setLoading(true);
    try {
      onPreview(await noteApi.preview(noteId, ticketId));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      {...menu.dropdown}
      menu={{
        items: list.map((n) => ({ key: String(n.note_id), label: n.title })),
        // The focus on the button first, then in the composer once the macro is in it.
        onClick: ({ key }) => void menu.chosen().then(() => apply(Number(key))),
      }}
    >
      <Button icon={<ThunderboltOutlined aria-hidden />} loading={loading} {...menu.button}>
        {t('note.apply')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
