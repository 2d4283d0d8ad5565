import { useState, type ChangeEvent, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { T } from '../../shared/i18n/messages.ts';

export interface LoginInputProps {
  id: string;
  name?: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  status?: 'error';
  size?: 'large';
  prefix?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  /** a password field, with antd's eye button to show what was typed */
  password?: boolean;
  'data-testid'?: string;
}

/**
 * A text field of the login forms in antd Input's look (affix wrapper, prefix icon, the password
 * eye, error border). antd's Input brings antd's Form and its validator along (for its form-item
 * context); the login page, the first page of most visits, is drawn without them.
 */
export function LoginInput({ status, size, prefix, password, ...input }: LoginInputProps) {
  const [visible, setVisible] = useState(false);
  const className = ['cl-input', size === 'large' && 'cl-input-lg', status === 'error' && 'cl-input-error'].filter(Boolean).join(' ');
  return (
    <span className={className}>
      {prefix && <span className="cl-input-prefix">{prefix}</span>}
      <input {...input} type={password && !visible ? 'password' : 'text'} aria-invalid={status === 'error' || undefined} />
      {password && (
        <button type="button" className="cl-input-eye" aria-label={T.login.showPassword} onClick={() => setVisible((v) => !v)}>
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}
