import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Tag } from 'antd';
import type { EndUser } from '@chelian/contracts';
import { useLoaded } from '../list/useLoaded.ts';
import { ListCard } from '../ui/ListCard.tsx';
import { toast } from '../ui/toast.ts';
import { beijingDateTime } from '../format/beijingTime.ts';

/** Texts of 邀请用户 (掌上车联), one place for 宠物卫士 and 电单车卫士. */
export const END_USER_TEXT = {
  action: '邀请用户',
  title: '邀请使用掌上车联',
  phone: '手机号',
  phonePlaceholder: '被邀请人的11位手机号',
  phoneRequired: '请填写11位手机号',
  name: '称呼',
  namePlaceholder: '选填，如 张先生',
  invite: '发送邀请',
  invited: '已发送邀请短信',
  revoke: '撤销',
  revokeConfirm: '撤销后对方将不能再查看，确定撤销？',
  revoked: '已撤销邀请',
  people: '已邀请的用户',
  none: '尚未邀请用户',
  persona: '身份',
  invitedAt: '邀请时间',
  lastLogin: '最近登录',
  never: '未登录',
  rule: '对方收到短信后，在手机上打开掌上车联（/m/），用该手机号和短信验证码登录，只能看到并操作被邀请的这一项。撤销后设备回到本账户。',
} as const;
const T = END_USER_TEXT;

/**
 * 邀请用户: invite a person by phone to one asset (a pet, a bike), see who is invited, revoke.
 * The sub-product passes its three calls; the answers are the endUsers contract's.
 */
export function EndUsersModal(props: {
  /** the asset as the operator knows it, e.g. the pet's name or the bike's plate */
  subject: string;
  load: () => Promise<EndUser[]>;
  invite: (form: { phone: string; name?: string }) => Promise<unknown>;
  revoke: (userId: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { load, invite, revoke } = props;
  const [form] = Form.useForm<{ phone: string; name?: string }>();
  const [sending, setSending] = useState(false);
  // the invited people, loaded as every list is (spinner, failure with 重试); after a change, again quietly
  const people = useLoaded(() => load(), null);
  const reload = () => people.reload(true);

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    invite({ phone: values.phone.trim(), name: values.name?.trim() || undefined })
      .then(() => (toast.success(T.invited), form.resetFields(), void reload()))
      .catch(() => {})
      .finally(() => setSending(false));
  };
  const drop = (u: EndUser) =>
    revoke(u.userId).then(
      () => (toast.success(T.revoked), void reload()),
      () => {},
    );

  return (
    <Modal open title={`${T.title} · ${props.subject}`} onCancel={props.onClose} footer={null} width={780} destroyOnHidden>
      <Form form={form} layout="inline" data-testid="enduser-form" onFinish={send}>
        <Form.Item name="phone" label={T.phone} rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: T.phoneRequired }]}>
          <Input maxLength={11} placeholder={T.phonePlaceholder} style={{ width: 180 }} data-testid="enduser-phone" />
        </Form.Item>
        <Form.Item name="name" label={T.name}>
          <Input maxLength={20} placeholder={T.namePlaceholder} style={{ width: 130 }} />
        </Form.Item>
        <Button type="primary" loading={sending} onClick={() => void send()} data-testid="enduser-invite">
          {T.invite}
        </Button>
      </Form>
      <div className="sp-title" style={{ margin: '16px 0 8px' }}>
        {T.people}
      </div>
      <ListCard<EndUser>
        bare
        rowKey="userId"
        size="small"
        list={people}
        table={{ locale: { emptyText: T.none }, 'data-testid': 'enduser-people' }}
        columns={[
          { title: T.name, dataIndex: 'name', width: 110, ellipsis: true },
          { title: T.phone, dataIndex: 'phone', width: 120 },
          { title: T.persona, dataIndex: 'personaName', width: 90, render: (s: string) => <Tag color="blue">{s}</Tag> },
          { title: T.invitedAt, dataIndex: 'invitedAt', width: 170, render: (ms: number) => beijingDateTime(ms) },
          {
            title: T.lastLogin,
            dataIndex: 'lastLoginAt',
            width: 170,
            render: (ms: number | null) => (ms ? beijingDateTime(ms) : <span className="sp-muted">{T.never}</span>),
          },
          {
            title: '操作',
            key: 'actions',
            width: 70,
            render: (_: unknown, u: EndUser) => (
              <Popconfirm title={T.revokeConfirm} onConfirm={() => void drop(u)}>
                <Button type="link" size="small" danger data-testid="enduser-revoke">
                  {T.revoke}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <div className="sp-muted" style={{ marginTop: 12, fontSize: 12 }}>
        {T.rule}
      </div>
    </Modal>
  );
}
