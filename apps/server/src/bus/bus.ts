/**
 * The bus carries positions, alarms, presence and commands between roles. In one process it is
 * an in-process emitter; with NATS_URL set it is NATS (see nats.bus.ts), so several gateway and
 * API processes share the work.
 */
export type BusHandler<T = unknown> = (message: T, subject: string) => void;

export interface Bus {
  readonly kind: 'memory' | 'nats';
  /** False while the bus's server cannot be reached (NATS reconnecting); always true in one process. */
  readonly connected: boolean;
  publish<T>(subject: string, message: T): void;
  /**
   * Whether a publish on this subject would reach anyone, so news nobody watches is not even made
   * (issue 33: every stored fix was presented for live maps that were not open). Absent: unknown
   * (NATS: other processes may listen), so publish.
   */
  interested?(subject: string): boolean;
  /** Subject may end in '>' to match everything below it (NATS semantics). Returns an unsubscribe. */
  subscribe<T>(subject: string, handler: BusHandler<T>): () => void;
  /** Waits until everything published so far has left this process. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface Subscription {
  handler: BusHandler;
}

/** One level of the subscription tree: a subject token each step, '*' for any one token, '>' for the rest. */
interface SubjectNode {
  children: Map<string, SubjectNode>;
  /** Patterns that end here. */
  here: Set<Subscription>;
  /** Patterns that end here in '>': one or more tokens below. */
  rest: Set<Subscription>;
}

/** One per terminal a gateway holds, and then some: past this the remembered answers start again. */
const MAX_REMEMBERED_ANSWERS = 200_000;

const subjectNode = (): SubjectNode => ({ children: new Map(), here: new Set(), rest: new Set() });

/**
 * In one process: subscriptions in a tree by subject token, so a publish walks its own subject's
 * few tokens instead of testing every subscription (each live operator connection subscribes
 * several patterns, and every stored position is published).
 */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  readonly connected = true;
  private root = subjectNode();
  /**
   * `interested`'s answers until the subscriptions change: every stored position asks it for its
   * terminal's subject, and nearly always nobody watches (the walk split the subject each time).
   */
  private readonly interest = new Map<string, boolean>();

  publish<T>(subject: string, message: T): void {
    const tokens = subject.split('.');
    const matched: Subscription[] = [];
    collect(this.root, tokens, 0, matched);
    for (const sub of matched) {
      // A faulty subscriber must not break the publisher or its siblings.
      queueMicrotask(() => {
        try {
          sub.handler(message, subject);
        } catch {
          /* logged by the subscriber's own code */
        }
      });
    }
  }

  interested(subject: string): boolean {
    let answer = this.interest.get(subject);
    if (answer === undefined) {
      const matched: Subscription[] = [];
      collect(this.root, subject.split('.'), 0, matched);
      answer = matched.length > 0;
      if (this.interest.size >= MAX_REMEMBERED_ANSWERS) this.interest.clear();
      this.interest.set(subject, answer);
    }
    return answer;
  }

  subscribe<T>(subject: string, handler: BusHandler<T>): () => void {
    const sub: Subscription = { handler: handler as BusHandler };
    const tokens = subject.split('.');
    const last = tokens[tokens.length - 1] === '>' ? tokens.pop() : undefined;
    let node = this.root;
    for (const token of tokens) {
      let child = node.children.get(token);
      if (!child) node.children.set(token, (child = subjectNode()));
      node = child;
    }
    const set = last ? node.rest : node.here;
    set.add(sub);
    this.interest.clear();
    return () => {
      set.delete(sub);
      this.interest.clear();
    };
  }

  async flush() {}
  async close() {
    this.root = subjectNode();
    this.interest.clear();
  }
}

function collect(node: SubjectNode, tokens: string[], i: number, out: Subscription[]) {
  if (i < tokens.length) for (const sub of node.rest) out.push(sub);
  if (i === tokens.length) {
    for (const sub of node.here) out.push(sub);
    return;
  }
  const exact = node.children.get(tokens[i]);
  if (exact) collect(exact, tokens, i + 1, out);
  const any = tokens[i] === '*' ? undefined : node.children.get('*');
  if (any) collect(any, tokens, i + 1, out);
}
