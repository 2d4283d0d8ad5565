import { useState } from 'react';
import { App, Button, Card, List, Space, Tag, Typography } from 'antd';
import { MobileOutlined, SafetyOutlined, WechatOutlined } from '@ant-design/icons';
import { securityEndpoints, type AuthData } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { SmsCodeModal } from './SmsCodeModal.tsx';

const S = T.center.security;
type Dialog = null | 'bind' | 'verify';

/** Phone binding (SMS code), SMS verification, and WeChat unbinding (offered only while a WeChat account is bound). */
export function BindingCard({ auth, onChanged }: { auth: AuthData | null; onChanged: () => Promise<void> }) {
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);

  const confirmThen = (content: string, action: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: T.common.confirmTitle,
      content,
      okText: T.common.ok,
      cancelText: T.common.cancel,
      onOk: async () => {
        await action();
        toast.success(done);
        await onChanged();
      },
    });

  return (
    <Card title={S.bindings} variant="borderless" data-testid="binding-card">
      <List itemLayout="horizontal">
        <List.Item
          actions={[
            <Button key="bind" type="link" onClick={() => setDialog('bind')} data-testid="bind-phone">
              {auth?.phoneBound ? S.changePhone : S.bindPhone}
            </Button>,
            auth?.phoneBound ? (
              <Button
                key="unbind"
                type="link"
                danger
                onClick={() => confirmThen(S.unbindConfirm, () => call(securityEndpoints.unbind, { type: 'phone' }), S.unbound)}
              >
                {S.unbindPhone}
              </Button>
            ) : null,
          ].filter(Boolean)}
        >
          <List.Item.Meta
            avatar={<MobileOutlined style={{ fontSize: 22, color: 'var(--cl-primary)' }} />}
            title={S.phone}
            description={auth?.phoneBound ? <span data-testid="phone-status">{S.phoneBoundTo(auth.phone)}</span> : S.phoneUnbound}
          />
        </List.Item>
        <List.Item
          actions={[
            <Button key="verify" type="link" disabled={!auth?.phoneBound} onClick={() => setDialog('verify')}>
              {S.verify}
            </Button>,
          ]}
        >
          <List.Item.Meta
            avatar={<SafetyOutlined style={{ fontSize: 22, color: '#52c41a' }} />}
            title={S.verifyPhone}
            description={S.verifyDesc}
          />
        </List.Item>
        <List.Item
          actions={
            auth?.wxBound
              ? [
                  <Button
                    key="wx"
                    type="link"
                    danger
                    data-testid="unbind-wx"
                    onClick={() => confirmThen(S.wxUnbindConfirm, () => call(securityEndpoints.unbindWx), S.unbound)}
                  >
                    {S.unbindWx}
                  </Button>,
                ]
              : []
          }
        >
          <List.Item.Meta
            avatar={<WechatOutlined style={{ fontSize: 22, color: '#07c160' }} />}
            title={S.wx}
            description={
              <Space>
                {auth?.wxBound ? S.wxBoundTo(auth.wxNickname) : S.wxUnbound}
                {auth?.wxBound && <Tag color="green">{T.common.bound}</Tag>}
              </Space>
            }
          />
        </List.Item>
      </List>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.common.smsHint}
      </Typography.Text>
      <SmsCodeModal
        open={dialog === 'bind'}
        title={S.bindTitle}
        purpose="bind"
        onClose={() => setDialog(null)}
        onConfirm={async (phone, code) => {
          await call(securityEndpoints.bindPhone, { phone, code });
          toast.success(S.bound);
          await onChanged();
        }}
      />
      <SmsCodeModal
        open={dialog === 'verify'}
        title={S.verifyPhone}
        purpose="auth"
        onClose={() => setDialog(null)}
        onConfirm={async (phone, code) => {
          await call(securityEndpoints.phoneAuth, { phone, code });
          toast.success(S.verified);
        }}
      />
    </Card>
  );
}
