import { useContext, useEffect } from 'react';
import { Button } from 'antd';
import AppContext from 'antd/es/app/context';
import { T } from '../i18n/messages.ts';
import { watchForNewVersion } from './newVersion.ts';

const KEY = 'chelian-new-version';

/**
 * Offers a refresh once a newer build is deployed (newVersion.ts). Only the top window asks: a
 * sub-product embedded in the shell is the same build.
 */
export function NewVersionNotice() {
  const { notification } = useContext(AppContext);
  useEffect(() => {
    if (window.top !== window) return;
    return watchForNewVersion(() =>
      notification.info({
        key: KEY,
        message: T.version.title,
        description: T.version.text,
        duration: 0,
        placement: 'bottomRight',
        actions: (
          <Button type="primary" size="small" onClick={() => window.location.reload()}>
            {T.version.refresh}
          </Button>
        ),
      }),
    );
  }, [notification]);
  return null;
}
