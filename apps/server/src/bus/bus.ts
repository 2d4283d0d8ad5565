/**
 * The bus carries positions, alarms, presence and commands between roles. In one process it is
 * an in-process emitter; with NATS_URL set it is NATS (see nats.bus.ts), so several gateway and
 * API processes share the work.
 */
export type BusHandler<T = unknown> = (message: T, subject: string) => void;

export interface Bus {
  readonly kind: 'memory' | 'nats';
  publish<T>(subject: string, message: T): void;
  /** Subject may end in '>' to match everything below it (NATS semantics). Returns an unsubscribe. */
  subscribe<T>(subject: string, handler: BusHandler<T>): () => void;
  /** Waits until everything published so far has left this process. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
    if (i === p.length - 1 && s.length !== p.length) return false;
  }
  return p.length === s.length;
}

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  private readonly handlers = new Set<{ pattern: string; handler: BusHandler }>();

  publish<T>(subject: string, message: T): void {
    for (const h of this.handlers) {
      if (!subjectMatches(h.pattern, subject)) continue;
      // A faulty subscriber must not break the publisher or its siblings.
      queueMicrotask(() => {
        try {
          h.handler(message, subject);
        } catch {
          /* logged by the subscriber's own code */
        }
      });
    }
  }

  subscribe<T>(subject: string, handler: BusHandler<T>): () => void {
    const entry = { pattern: subject, handler: handler as BusHandler };
    this.handlers.add(entry);
    return () => this.handlers.delete(entry);
  }

  async flush() {}
  async close() {
    this.handlers.clear();
  }
}
