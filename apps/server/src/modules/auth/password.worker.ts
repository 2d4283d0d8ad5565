import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { lowerThisThread } from '../../core/threadPriority.ts';
import type { ScryptJob } from './passwordHasher.ts';

// The hashing thread (passwordHasher.ts): at the lowest priority first, then one scrypt a message,
// run synchronously on this thread.
const niceness = lowerThisThread();
parentPort!.postMessage({ niceness });
parentPort!.on('message', ({ id, password, salt, keyLength, N, r, p }: ScryptJob & { id: number }) => {
  try {
    const key = scryptSync(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r });
    parentPort!.postMessage({ id, key });
  } catch (err) {
    parentPort!.postMessage({ id, error: String((err as Error | undefined)?.message) });
  }
});
