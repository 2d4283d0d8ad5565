import { Avatar, Space } from 'antd';
import { HomeOutlined, UserOutlined } from '@ant-design/icons';
import { useClientStore } from '../shared/stores/clientStore.ts';
import { T } from '../shared/i18n/messages.ts';
import { CHILD } from './childContext.ts';

/** The sub-product's own header, shown only when it runs alone (the shell has its own). */
export function ChildHeader() {
  const user = useClientStore((s) => s.user);
  const client = useClientStore((s) => s.navUserClient);
  return (
    <header className="cl-child-header" data-testid="child-header">
      <span className="cl-child-header-brand">
        <img src={CHILD.sys.icon} alt="" />
        {CHILD.sys.title}
      </span>
      <Space size={20} className="cl-child-header-right">
        {client && (
          <span>
            {T.child.clientLabel}：{client.accountName}
          </span>
        )}
        <a href="/home">
          <HomeOutlined /> {T.child.backToPlatform}
        </a>
        {user && (
          <span>
            <Avatar size={24} icon={<UserOutlined />} src={user.chatLogo || undefined} /> {user.name || user.username}
          </span>
        )}
      </Space>
    </header>
  );
}
