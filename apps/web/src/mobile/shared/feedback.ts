/**
 * Toasts for the phone app, loaded on first use: antd-mobile's Toast brings its animation library
 * (react-spring), which stays out of /m/'s first load (docs/mobile.md, budget).
 */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  void Promise.all([import('antd-mobile/es/components/toast'), import('./admRender.ts')]).then(([{ default: Toast }]) =>
    Toast.show({ content, icon }),
  );
}
