import type { Db } from '../db/database.js';
import { GroupCommit } from '../platform/group-commit.js';
import { addLines, type AddLineInput, type AddLineOutcome } from './add-line.js';

/**
 * Group commit for adds to carts (platform/group-commit.ts): adds that arrive together, or while
 * `maxInFlight` statements run, go together as one `cart_add_entries` statement and one
 * transaction, which is what lets one process take thousands of adds a second. Every add is
 * answered only after the transaction holding it committed, with its own outcome (a refused add
 * in a batch writes nothing; the others go on).
 */
export class AddLineBatcher {
  private readonly group: GroupCommit<AddLineInput, AddLineOutcome>;

  /**
   * @param maxInFlight statements at once: 1 where the database runs one at a time (PGlite), a
   *   few on PostgreSQL so round trips and commits overlap.
   * @param maxBatch adds per statement, so no transaction holds many carts' locks for long.
   */
  constructor(db: Db, maxInFlight: number, maxBatch = 64) {
    this.group = new GroupCommit({
      runMany: (adds) => addLines(db, adds),
      maxInFlight,
      maxBatch,
      // Every batch locks its carts in the same order, so two batches never wait for each other
      // in a cycle; the sort is stable, so adds to one cart keep their order of arrival.
      order: (add) => add.cartId ?? '',
    });
  }

  add(add: AddLineInput): Promise<AddLineOutcome> {
    return this.group.run(add);
  }
}
