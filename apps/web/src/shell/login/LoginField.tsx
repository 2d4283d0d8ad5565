import type { ReactNode } from 'react';

/**
 * One row of the login forms in antd Form.Item's look: an optional label on the left (the legacy
 * screen), the control, and the error line under it, which takes the row's bottom margin.
 */
export function LoginField({
  label,
  htmlFor,
  error,
  children,
}: {
  label?: string;
  htmlFor?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`cl-login-field${error ? ' cl-login-field-invalid' : ''}`}>
      {label && (
        <label className="cl-login-field-label" htmlFor={htmlFor}>
          {label}
        </label>
      )}
      <div className="cl-login-field-control">
        {children}
        {error && (
          <div className="cl-login-field-error" role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
