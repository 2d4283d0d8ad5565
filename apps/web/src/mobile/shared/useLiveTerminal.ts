import { useEffect, useRef } from 'react';
import type { Alarm, AssetProduct, LastPosition } from '@chelian/contracts';
import { LiveFeed, productLiveUrl } from '../../shared/live/liveFeed.ts';

interface Handlers {
  onPosition?: (p: LastPosition) => void;
  onAlarm?: (a: Alarm) => void;
}

/**
 * One terminal's live positions and alarms over the desktop's WebSocket feed (/ws/live), narrowed
 * to the sub-product's asset kinds; the feed reconnects by itself and sends a snapshot each time.
 * The e-bike pages use it too (one live set-up for both owners).
 */
export function useLiveTerminal(product: AssetProduct, terminalId: string | null, handlers: Handlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!terminalId) return;
    const feed = new LiveFeed(() => productLiveUrl(product));
    const off = feed.on((events) => {
      for (const e of events) {
        if (e.data.terminalId !== terminalId) continue;
        if (e.kind === 'pos') latest.current.onPosition?.(e.data);
        else if (e.kind === 'alarm') latest.current.onAlarm?.(e.data);
      }
    });
    feed.start();
    return () => {
      off();
      feed.stop();
    };
  }, [product, terminalId]);
}
