import type { ChangeEvent } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import type { CaptchaImage } from '@chelian/contracts';
import { T } from '../../shared/i18n/messages.ts';
import { LoginField } from './LoginField.tsx';
import { LoginInput } from './LoginInput.tsx';

interface CaptchaInput {
  id: string;
  value: string;
  status?: 'error';
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/** The image captcha, shown only once the server demands it; clicking the image gets a new one. */
export function CaptchaField(props: {
  captcha: CaptchaImage;
  onRefresh: () => void;
  size?: 'large';
  input: CaptchaInput;
  error?: string | null;
}) {
  const { captcha, onRefresh, size } = props;
  return (
    <LoginField label={size ? undefined : T.login.captcha} htmlFor={props.input.id} error={props.error}>
      <div style={{ display: 'flex', gap: 8 }}>
        <LoginInput
          {...props.input}
          size={size}
          prefix={<SafetyOutlined />}
          placeholder={T.login.captchaPlaceholder}
          maxLength={8}
          autoComplete="off"
          data-testid="captcha-input"
        />
        {/* the browser's own tooltip: antd's would add its popup machinery to the login page's first load */}
        <img
          src={captcha.image}
          alt={T.login.captcha}
          title={T.login.captchaRefresh}
          data-testid="captcha-image"
          onClick={onRefresh}
          style={{
            height: size ? 40 : 32,
            width: 110,
            cursor: 'pointer',
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            background: '#fff',
          }}
        />
      </div>
    </LoginField>
  );
}
