import { Form, Input, Tooltip } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { CaptchaImage } from '@chelian/contracts';
import { T } from '../../shared/i18n/messages.ts';

/** The image captcha, shown only once the server demands it; clicking the image gets a new one. */
export function CaptchaField({ captcha, onRefresh, size }: { captcha: CaptchaImage; onRefresh: () => void; size?: 'large' }) {
  return (
    <Form.Item required label={size ? undefined : T.login.captcha}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="code" noStyle rules={[{ required: true, message: T.login.required(T.login.captcha) }]}>
          <Input size={size} prefix={<SafetyOutlined />} placeholder={T.login.captchaPlaceholder} maxLength={8} autoComplete="off" data-testid="captcha-input" />
        </Form.Item>
        <Tooltip title={T.login.captchaRefresh}>
          <img
            src={captcha.image}
            alt={T.login.captcha}
            data-testid="captcha-image"
            onClick={onRefresh}
            style={{ height: size ? 40 : 32, width: 110, cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}
          />
        </Tooltip>
      </div>
    </Form.Item>
  );
}
