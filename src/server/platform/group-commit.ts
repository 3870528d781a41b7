interface Waiting<I, O> {
  input: I;
  resolve: (outcome: O) => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitOptions<I, O> {
  /** Runs several inputs as one statement (one transaction); outcomes in the inputs' order. */
  runMany: (inputs: I[]) => Promise<O[]>;
  /** Statements at once: 1 where the database runs one at a time (PGlite). */
  maxInFlight: number;
  /** Inputs per statement, so no transaction holds many rows' locks for long. */
  maxBatch: number;
  /** Sort key: every batch takes its locks in this order (stable: arrival order otherwise). */
  order: (input: I) => string;
  /** Tries of one input alone after its batch failed (deadlock victims are tried again). */
  soloTries?: number;
}

/**
 * Group commit (cart adds and order placements use it): work that arrives together, or while
 * `maxInFlight` statements run, goes together as one statement and one transaction, so the costs
 * every statement pays — the round trip, parsing, the commit's WAL flush, and on PGlite the wasm
 * calls of the protocol — are shared by everything that arrived meanwhile. Under light load each
 * input goes alone, on the event loop's next turn. Each caller is answered only after the
 * transaction holding its input committed, with its own outcome.
 *
 * When the database refuses a batch (one input broke a constraint, or the batch lost a deadlock
 * to another process) nothing of it was written: each input is then run alone, in order, so only
 * the faulty one fails; a deadlock victim or serialization failure is tried again.
 */
export class GroupCommit<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private running = 0;
  private scheduled = false;

  constructor(private readonly opts: GroupCommitOptions<I, O>) {}

  run(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Sends what waits on the event loop's next turn: requests read in the same turn join the same
   * statement (on PGlite statements run on this thread, so nothing arrives while one runs).
   */
  private schedule(): void {
    if (this.scheduled || this.running >= this.opts.maxInFlight || this.waiting.length === 0)
      return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < this.opts.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.opts.maxBatch);
      this.running++;
      void this.runBatch(batch).finally(() => {
        this.running--;
        this.schedule();
      });
    }
  }

  private async runBatch(batch: Waiting<I, O>[]): Promise<void> {
    const key = this.opts.order;
    batch.sort((a, b) => compare(key(a.input), key(b.input)));
    try {
      const outcomes = await this.opts.runMany(batch.map((w) => w.input));
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (err) {
      if (!rolledBack(err) || (batch.length === 1 && !retryable(err))) {
        for (const w of batch) w.reject(err);
        return;
      }
      for (const w of batch) await this.solo(w);
    }
  }

  private async solo(w: Waiting<I, O>): Promise<void> {
    const tries = this.opts.soloTries ?? 3;
    for (let i = 1; ; i++) {
      try {
        const [outcome] = await this.opts.runMany([w.input]);
        w.resolve(outcome!);
        return;
      } catch (err) {
        if (i >= tries || !retryable(err)) {
          w.reject(err);
          return;
        }
      }
    }
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * True for an error the database reported for the statement (it carries a severity and a
 * SQLSTATE), whose implicit transaction therefore rolled back. A lost connection is not one:
 * the batch may have committed, so it must not be applied again.
 */
function rolledBack(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    'severity' in err &&
    typeof (err as { code?: unknown }).code === 'string'
  );
}

/** Deadlock victim (40P01) or serialization failure (40001): the same work may succeed now. */
function retryable(err: unknown): boolean {
  const code = rolledBack(err) ? (err as { code: string }).code : '';
  return code === '40P01' || code === '40001';
}
