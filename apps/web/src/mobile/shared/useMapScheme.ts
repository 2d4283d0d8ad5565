import { useEffect, useState } from 'react';
import type { MapScheme } from '../../shared/map/darkStyle.ts';

const ATTRIBUTE = 'data-prefers-color-scheme';
const read = (): MapScheme => (document.documentElement.getAttribute(ATTRIBUTE) === 'dark' ? 'dark' : 'light');

/**
 * The phone's maps follow the app's dark mode (app/theme.ts puts it on <html>, for antd-mobile and our
 * CSS): 我的 › 深色, or the system's switch while 跟随系统, turns an open map dark without a reload.
 */
export function useMapScheme(): MapScheme {
  const [scheme, setScheme] = useState(read);
  useEffect(() => {
    const watch = new MutationObserver(() => setScheme(read()));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: [ATTRIBUTE] });
    return () => watch.disconnect();
  }, []);
  return scheme;
}
