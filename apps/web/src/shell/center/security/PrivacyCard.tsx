import { Card, List, Switch } from 'antd';
import { securityEndpoints, type PrivacySettings } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { T } from '../../../shared/i18n/messages.ts';

const S = T.center.security;
const KEYS: (keyof PrivacySettings)[] = ['showPhone', 'shareLocation', 'allowAssistant'];

export function PrivacyCard({ privacy, onChanged }: { privacy: PrivacySettings | undefined; onChanged: () => Promise<void> }) {
  const change = async (key: keyof PrivacySettings, value: boolean) => {
    try {
      await call(securityEndpoints.updatePrivacy, { [key]: value });
      toast.success(S.privacySaved);
      await onChanged();
    } catch {
      /* shown by the request layer */
    }
  };
  return (
    <Card title={S.privacy} variant="borderless" data-testid="privacy-card">
      <List
        dataSource={KEYS}
        renderItem={(key) => (
          <List.Item
            actions={[
              <Switch key={key} checked={privacy?.[key] ?? false} onChange={(v) => change(key, v)} data-testid={`privacy-${key}`} />,
            ]}
          >
            {S[key]}
          </List.Item>
        )}
      />
    </Card>
  );
}
