import { Input, Typography } from 'antd';
import { T } from '../i18n/messages.ts';
import { modal } from './toast.ts';

export interface PromptOptions {
  title: string;
  placeholder?: string;
  initial?: string;
  /** the error line under the input; null when the value is fine */
  validate?: (value: string) => string | null;
  /** keep 确定 disabled while validate reports an error */
  disableConfirmWhenInvalid?: boolean;
}

/**
 * The message-box prompt of spec §5: an input with an error-message line and an optional
 * disabled confirm. Resolves to the entered text, or null when cancelled.
 */
export function promptBox(options: PromptOptions): Promise<string | null> {
  const api = modal();
  if (!api) return Promise.resolve(null);
  return new Promise((resolve) => {
    let value = options.initial ?? '';
    const errorOf = (v: string) => options.validate?.(v) ?? null;
    const render = () => (
      <div className="cl-prompt">
        <Input
          autoFocus
          defaultValue={value}
          placeholder={options.placeholder}
          status={errorOf(value) ? 'error' : undefined}
          onChange={(e) => {
            value = e.target.value;
            refresh();
          }}
          onPressEnter={() => {
            if (!errorOf(value)) {
              instance.destroy();
              resolve(value);
            }
          }}
        />
        <Typography.Text type="danger" style={{ display: 'block', minHeight: 22, marginTop: 4, fontSize: 12 }}>
          {errorOf(value) ?? ''}
        </Typography.Text>
      </div>
    );
    const okProps = () => ({ disabled: Boolean(options.disableConfirmWhenInvalid && errorOf(value)) });
    const instance = api.confirm({
      title: options.title,
      icon: null,
      content: render(),
      okText: T.common.ok,
      cancelText: T.common.cancel,
      okButtonProps: okProps(),
      onOk: () => {
        if (errorOf(value)) return Promise.reject(new Error('invalid'));
        resolve(value);
        return undefined;
      },
      onCancel: () => resolve(null),
    });
    function refresh() {
      instance.update({ content: render(), okButtonProps: okProps() });
    }
  });
}
