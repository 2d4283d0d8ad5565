import { useCallback } from 'react';
import { Card, Col, Descriptions, Row } from 'antd';
import { accountEndpoints, securityEndpoints, type AuthData } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { T } from '../../shared/i18n/messages.ts';
import { PasswordCard } from './security/PasswordCard.tsx';
import { BindingCard } from './security/BindingCard.tsx';
import { PrivacyCard } from './security/PrivacyCard.tsx';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

const S = T.center.security;

/** The login information and the user as stored now (its bindings and privacy change here): one load, through the shared loader. */
async function loadSecurity(): Promise<AuthData | null> {
  const [data, fresh] = await Promise.all([
    call(securityEndpoints.authData).catch(() => null),
    call(accountEndpoints.currentUser, undefined, { silent: true }).catch(() => null),
  ]);
  if (fresh) useClientStore.getState().setUser(fresh);
  return data;
}

/** The security centre: login information, password, phone and WeChat binding, privacy. */
export function SecurityPage() {
  const user = useClientStore((s) => s.user);
  const { data, reload } = useLoaded(loadSecurity, null, { silent: true });
  const auth = data ?? null;
  const refresh = useCallback(() => reload(true), [reload]);

  return (
    <Row gutter={[16, 16]} data-testid="security-page">
      <Col span={12}>
        <Card title={S.loginInfo} variant="borderless" style={{ marginBottom: 16 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={T.login.username}>{user?.username}</Descriptions.Item>
            <Descriptions.Item label={S.lastLogin}>{auth?.lastLoginAt ? beijingFormat(auth.lastLoginAt) : S.never}</Descriptions.Item>
            <Descriptions.Item label={S.lastIp}>{auth?.lastLoginIp || S.never}</Descriptions.Item>
            <Descriptions.Item label={S.sessions}>{auth?.activeSessions ?? '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <BindingCard auth={auth} onChanged={refresh} />
      </Col>
      <Col span={12}>
        <div style={{ marginBottom: 16 }}>
          <PasswordCard />
        </div>
        <PrivacyCard privacy={user?.privacy} onChanged={refresh} />
      </Col>
    </Row>
  );
}
