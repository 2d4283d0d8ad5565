import { monitorEndpoints, type AssetProduct } from '@chelian/contracts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import { storage } from '../storage/storage.ts';
import { parseLiveMessage, type LiveEvent } from './liveMessages.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';
type Listener = (events: LiveEvent[]) => void;

/** ws(s)://host/ws/live?sessionId=… — the base address of the API, or this page's origin. */
export function liveUrl(base = runtimeConfig().baseUrl, origin = window.location.origin, sessionId = storage.getSessionId()): string {
  const http = new URL(`${base || origin}${monitorEndpoints.live.path}`, origin);
  http.protocol = http.protocol === 'https:' ? 'wss:' : 'ws:';
  http.searchParams.set('sessionId', sessionId);
  return http.toString();
}

/** The live feed of one sub-product: the positions, presence and alarms of its own asset kinds only (docs/asset-kinds.md). */
export function productLiveUrl(product: AssetProduct, url = liveUrl()): string {
  const feed = new URL(url);
  feed.searchParams.set('product', product);
  return feed.toString();
}

/**
 * The live feed: positions, alarms and presence for the vehicles the user may see, with a
 * snapshot on every (re)connect. Reconnects with backoff; listeners get events in batches.
 */
export class LiveFeed {
  status: LiveStatus = 'closed';
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<(s: LiveStatus) => void>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;

  constructor(private readonly url: () => string = () => liveUrl()) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
    this.setStatus('closed');
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Local events (a page handled an alarm) go to the same listeners. */
  emit(events: LiveEvent[]): void {
    for (const l of this.listeners) l(events);
  }

  private open() {
    if (typeof WebSocket === 'undefined') return;
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      return this.reconnect();
    }
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      this.setStatus('open');
    };
    socket.onmessage = (e) => {
      const events = parseLiveMessage(e.data);
      if (events.length) this.emit(events);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      this.setStatus('closed');
      this.reconnect();
    };
  }

  private reconnect() {
    if (this.stopped) return;
    const delay = Math.min(30_000, 1000 * 2 ** this.retry++);
    this.timer = setTimeout(() => this.open(), delay);
  }

  private setStatus(s: LiveStatus) {
    if (this.status === s) return;
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }
}
