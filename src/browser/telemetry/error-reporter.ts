import {
  ERRORS_DEBOUNCE_MS,
  ERRORS_MAX_PER_PAGE,
  ERRORS_QUEUE_MAX,
  ERRORS_STACK_MAX,
} from '../../shared/telemetry/constants.js';

export interface ErrorReport {
  event: 'javascript_error';
  data: {
    message: string;
    stack?: string;
    url?: string;
    kind: string;
    line?: number;
    column?: number;
  };
  timestamp: number;
}

export interface ErrorReporterOptions {
  /** Where `error` and `unhandledrejection` are heard (the window). */
  target: EventTarget;
  send: (reports: ErrorReport[]) => void;
  pageUrl?: () => string;
  now?: () => number;
}

export interface ErrorReporter {
  report(kind: string, error: unknown, message?: string): void;
  flush(): void;
}

function describe(error: unknown, fallback?: string): { message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      message: (error.message || fallback || error.name).slice(0, 2000),
      ...(error.stack ? { stack: error.stack.slice(0, ERRORS_STACK_MAX) } : {}),
    };
  }
  return { message: String(fallback ?? error).slice(0, 2000) };
}

/**
 * SPEC 9.3: at most 20 reports per page, a queue of 10, sent 1 s after the last report (debounced;
 * at once when the queue fills), stacks cut at 5000 characters.
 */
export function createErrorReporter(opts: ErrorReporterOptions): ErrorReporter {
  const now = opts.now ?? Date.now;
  let accepted = 0;
  let queue: ErrorReport[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    try {
      opts.send(batch);
    } catch {
      // A reporter that throws would report itself forever.
    }
  };

  const report = (kind: string, error: unknown, message?: string) => {
    if (accepted >= ERRORS_MAX_PER_PAGE || queue.length >= ERRORS_QUEUE_MAX) return;
    accepted++;
    const url = opts.pageUrl?.();
    queue.push({
      event: 'javascript_error',
      data: { ...describe(error, message), kind, ...(url ? { url: url.slice(0, 2083) } : {}) },
      timestamp: now(),
    });
    if (queue.length >= ERRORS_QUEUE_MAX) return flush();
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, ERRORS_DEBOUNCE_MS);
  };

  opts.target.addEventListener('error', (e) => {
    const ev = e as ErrorEvent;
    report('error', ev.error, ev.message);
  });
  opts.target.addEventListener('unhandledrejection', (e) => {
    report('unhandledrejection', (e as PromiseRejectionEvent).reason);
  });
  return { report, flush };
}
