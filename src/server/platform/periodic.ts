import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `everyMs` on an unref'd timer (it never keeps the process alive), stopped by
 * the app's `onClose`. A run that is still going when the next is due is not started twice;
 * failures are logged and the next run tries again. The purges use it; a durable job queue can
 * later call the same plain async functions instead.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((err: unknown) => app.log.warn({ err, job: name }, 'periodic job failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
