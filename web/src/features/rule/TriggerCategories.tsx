import type { TTriggerCategory } from '@parley/contracts';
import { Button, Flex, Input, Modal, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { triggerApi } from '../../api/rule';
import { PlainList } from '../../components/PlainList';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { ruleKeys } from './queries';

/**
 * The triggers' categories: add, rename, delete (its triggers stay, without a category). Enter
 * saves what is typed, Escape leaves a rename.
 */
export function TriggerCategories({
  open,
  onClose,
  categories,
}: {
  open: boolean;
  onClose: () => void;
  categories: TTriggerCategory[];
}) {
  const { t } = useTranslation();
  const { confirmDelete } = useConfirm();
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const invalidate = [ruleKeys.triggers];
  const add = useSave({
    call: (name: string, opts) => triggerApi.categoryAdd(name, opts),
    invalidate,
    onSaved: () => setTyped(''),
  });
  const rename = useSave({
    call: (c: { id: number; name: string }, opts) => triggerApi.categoryEdit(c.id, c.name, opts),
    invalidate,
    onSaved: () => setEditing(null),
  });
  const remove = useSave({
    call: (id: number, opts) => triggerApi.categoryDelete(id, opts),
    invalidate,
    successKey: 'deleted',
  });
  // Nothing typed: said under the box (an empty Add did nothing and said nothing).
  const [blank, setBlank] = useState(false);
  const blankId = useId();
  const addTyped = () => {
    if (typed.trim()) {
      add.save(typed.trim());
    } else {
      setBlank(true);
    }
  };
  return (
    <Modal
      open={open}
      title={t('rule.categories')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('rule.close')}</Button>}
      destroyOnHidden
    >
      <PlainList
        items={categories}
        itemKey={(c) => c.category_id}
        empty={t('rule.no_categories')}
        aria-label={t('rule.categories')}
        renderItem={(c) =>
          editing?.id === c.category_id ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input
                autoFocus
                value={editing.name}
                maxLength={100}
                aria-label={t('rule.category_name')}
                onChange={(e) => setEditing({ id: c.category_id, name: e.target.value })}
                onPressEnter={() => rename.save({ id: c.category_id, name: editing.name.trim() })}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    // Escape leaves the rename, not the dialog.
                    e.stopPropagation();
                    setEditing(null);
                  }
                }}
              />
              <Button
                type="primary"
                loading={rename.saving}
                onClick={() => rename.save({ id: c.category_id, name: editing.name.trim() })}
              >
                {t('common.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            </Space.Compact>
          ) : (
            <>
              <Typography.Text>{c.name}</Typography.Text>
              <Space size={0}>
                <Button type="link" onClick={() => setEditing({ id: c.category_id, name: c.name })}>
                  {t('rule.rename')}
                </Button>
                <Button
                  type="link"
                  danger
                  onClick={() => confirmDelete(() => remove.saveAsync(c.category_id), t('rule.category_delete_hint'))}
                >
                  {t('common.delete')}
                </Button>
              </Space>
            </>
          )
        }
      />
      <Flex style={{ marginTop: 16 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={typed}
            maxLength={100}
            placeholder={t('rule.category_name')}
            aria-label={t('rule.new_category')}
            status={blank ? 'error' : undefined}
            aria-invalid={blank}
            aria-describedby={blank ? blankId : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              setBlank(false);
            }}
            onPressEnter={addTyped}
          />
          <Button loading={add.saving} onClick={addTyped}>
            {t('rule.add_category')}
          </Button>
        </Space.Compact>
      </Flex>
      {blank && (
        <Typography.Text type="danger" id={blankId} role="alert">
          {translateMessage('required_category_name')}
        </Typography.Text>
      )}
    </Modal>
  );
}
