import { ZEmail } from '@parley/contracts';
import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { useEnum } from '../../components/enumOptions';
import { checkRule, schemaRule } from '../../components/formRules';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { CompanySelect } from '../../pickers/CompanySelect';
import { useAllGroups } from '../group/queries';
import { useRoleChoices } from '../role/queries';
import type { TAccountValues } from './accountForm';
import { ZAccountName } from './rules';

/** The inputs of an account an administrator edits; which ones show depends on the user type. */
export function AccountFields({
  autoFocus = false,
  noEmail = false,
}: {
  autoFocus?: boolean;
  /** A chat visitor who gave no address: the email may stay empty. */
  noEmail?: boolean;
}) {
  const { t } = useTranslation();
  const seeded = useSeeded();
  const form = Form.useFormInstance<TAccountValues>();
  const userType = Form.useWatch('user_type', form) ?? form.getFieldValue('user_type');
  const staff = userType !== 'end_user';
  const roles = useRoleChoices(userType === 'agent');
  const roleState = useEnum('role_state');
  const groups = useAllGroups(staff);
  const userTypes = useEnum('user_type').options;
  const ticketAccess = useEnum('ticket_access').options;
  const replyAccess = useEnum('reply_access').options;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="real_name" label={t('people.name')} rules={[schemaRule(ZAccountName)]} required>
            <Input autoFocus={autoFocus} maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('people.email')}
            rules={[schemaRule(ZEmail, { optional: noEmail })]}
            validateTrigger="onBlur"
            required={!noEmail}
          >
            <Input inputMode="email" autoComplete="off" placeholder={noEmail ? t('people.no_email') : undefined} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="user_type" label={t('people.user_type')} required>
        <Radio.Group options={userTypes} optionType="button" aria-label={t('people.user_type')} />
      </Form.Item>
      {userType === 'agent' && (
        <Form.Item
          name="role_ids"
          label={t('people.roles')}
          rules={[checkRule((value) => Array.isArray(value) && value.length > 0, 'must_choose_roles')]}
          required
        >
          <Select
            mode="multiple"
            loading={roles.isPending}
            options={
              roles.data && [
                ...roles.data.active.map((r) => ({ value: r.role_id, label: seeded.text(r.role_name) })),
                ...roles.data.inactive.map((r) => ({
                  value: r.role_id,
                  label: `${seeded.text(r.role_name)} (${roleState.label('inactive')})`,
                  disabled: true,
                })),
              ]
            }
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('people.choose_roles')}
          />
        </Form.Item>
      )}
      {staff && (
        <Form.Item name="group_ids" label={t('people.groups')}>
          <Select
            mode="multiple"
            loading={groups.isPending}
            options={groups.data?.map((g) => ({ value: g.group_id, label: seeded.text(g.group_name) }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('people.choose_groups')}
          />
        </Form.Item>
      )}
      {userType === 'end_user' && (
        <Form.Item name="company_id" label={t('people.company')}>
          <CompanySelect />
        </Form.Item>
      )}
      {userType === 'agent' && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="ticket_access" label={t('people.ticket_access')}>
              <Select options={ticketAccess} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="reply_access" label={t('people.reply_access')}>
              <Select options={replyAccess} />
            </Form.Item>
          </Col>
        </Row>
      )}
      {staff && (
        <Row gutter={16}>
          {userType === 'agent' && (
            <Col xs={24} md={12}>
              <Form.Item name="can_close_ticket" valuePropName="checked" label={t('people.can_close_ticket')}>
                <Switch />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="chat" valuePropName="checked" label={t('people.chat_access')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="inner_notes" label={t('people.inner_notes')} extra={t('people.inner_notes_hint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
      </Form.Item>
    </>
  );
}
