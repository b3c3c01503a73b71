import { ExclamationCircleFilled } from '@ant-design/icons';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createElement, useCallback } from 'react';
import { translateMessage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';

interface TConfirm {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  /** The button that closes it without doing anything (default: Cancel). */
  cancelText?: ReactNode;
  danger?: boolean;
  /** Runs on OK; the dialog shows a spinner until it settles, then closes either way. */
  onOk: () => Promise<unknown>;
  /** After the dialog has gone: where focus goes when what opened it (a menu item) is gone too. */
  afterClose?: () => void;
}

/** A confirm dialog; a failed call closes it too (the API client already showed why). */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const confirm = useCallback(
    ({ title, content, okText, cancelText, danger = false, onOk, afterClose }: TConfirm) => {
      modal.confirm({
        title,
        content,
        okText: okText ?? t('common.ok'),
        cancelText: cancelText ?? t('common.cancel'),
        okButtonProps: { danger },
        // Ant Design's own icon is named in English ("exclamation-circle") in every language: the title says it.
        icon: createElement(ExclamationCircleFilled, { 'aria-hidden': true }),
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => onOk().catch(() => undefined),
        ...(afterClose ? { afterClose } : {}),
      });
    },
    [modal, t],
  );
  /** "Are you sure to delete?" (docs/product.md §8), then `onOk`. */
  const confirmDelete = useCallback(
    (onOk: () => Promise<unknown>, content?: ReactNode, afterClose?: () => void) =>
      confirm({
        title: translateMessage('confirm_delete'),
        content,
        okText: t('common.delete'),
        danger: true,
        onOk,
        ...(afterClose ? { afterClose } : {}),
      }),
    [confirm, t],
  );
  return { confirm, confirmDelete };
}
