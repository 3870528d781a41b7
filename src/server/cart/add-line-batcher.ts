import type { Db } from '../db/database.js';
import { addLine, addLines, type AddLineInput, type AddLineOutcome } from './add-line.js';

interface Waiting {
  add: AddLineInput;
  resolve: (outcome: AddLineOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for adds to carts. Adds that arrive together, or while `maxInFlight` statements
 * run, go together as one statement (`cart_add_entries`, one transaction): under light load each
 * add goes alone, on the event loop's next turn; under heavy load the costs every statement pays — the round trip,
 * parsing, the commit's WAL flush, and on PGlite the wasm calls of the protocol — are shared by
 * the adds that arrived meanwhile, which is what lets one process take thousands of adds a
 * second. Every add is still answered only after the transaction holding it committed, and its
 * outcome is its own (a refused add in a batch writes nothing; the others go on).
 */
export class AddLineBatcher {
  private readonly waiting: Waiting[] = [];
  private running = 0;
  private scheduled = false;

  /**
   * @param maxInFlight statements at once: 1 where the database runs one at a time (PGlite), a
   *   few on PostgreSQL so round trips and commits overlap.
   * @param maxBatch adds per statement, so no transaction holds many carts' locks for long.
   */
  constructor(
    private readonly db: Db,
    private readonly maxInFlight: number,
    private readonly maxBatch = 64,
  ) {}

  add(add: AddLineInput): Promise<AddLineOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ add, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Sends what waits on the event loop's next turn, not at once: the requests read in the same
   * turn as this one reach `add` first and go in the same statement. That is what makes batches
   * on PGlite at all — its statements run on this thread without yielding to I/O, so no request
   * would ever arrive while one runs.
   */
  private schedule(): void {
    if (this.scheduled || this.running >= this.maxInFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.running < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.schedule();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    // Every batch locks its carts in the same order, so two batches never wait for each other
    // in a cycle. The sort is stable: adds to one cart keep their order of arrival.
    batch.sort((a, b) => compare(a.add.cartId ?? '', b.add.cartId ?? ''));
    try {
      const outcomes = await addLines(
        this.db,
        batch.map((w) => w.add),
      );
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (err) {
      if (batch.length === 1 || !rolledBack(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      // One add failed the statement and took the others with it, but nothing was written:
      // each again on its own, so only the faulty one fails. One after another, in the batch's
      // order: adds to one cart keep their order, and this batch still holds one statement.
      for (const w of batch) await addLine(this.db, w.add).then(w.resolve, w.reject);
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
