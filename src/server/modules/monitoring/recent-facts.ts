import type { MoneyFact } from '../../../core/monitoring';

/** Where a pass left the watermark: the SQLite entry id or the PostgreSQL writer id. */
interface Mark {
  upto_entry: number | null;
  upto_xid: string | null;
}

/**
 * The latest facts of the people judged lately, carried from one pass to the next (decision 035).
 * Every committed fact is judged once, in journal order, so a person's list, read from the database
 * once and then extended with each pass's new facts, stays exactly their latest credits: a pass
 * under steady traffic reads no history at all. It is only trusted while the watermark is where this
 * instance left it: another runner's pass (after a lease moved) or a failed pass empties it.
 * Bounded: `perPerson` facts each, `people` people (the least recently judged leave first).
 */
export class RecentFacts {
  private readonly byPerson = new Map<string, MoneyFact[]>();
  private mark: Mark | null = null;

  constructor(
    private readonly perPerson: number,
    private readonly people: number,
  ) {}

  /** What is kept, if it continues exactly from `watermark`; otherwise it is dropped. */
  from(watermark: Mark): { of(userId: string): MoneyFact[] | undefined } {
    const follows =
      this.mark !== null &&
      (this.mark.upto_entry ?? null) === (watermark.upto_entry === null ? null : Number(watermark.upto_entry)) &&
      (this.mark.upto_xid ?? null) === (watermark.upto_xid ?? null);
    if (!follows) this.clear();
    return { of: (userId) => this.byPerson.get(userId) };
  }

  /** After a pass committed: each person's history and new facts, and where the watermark now is. */
  advance(to: Mark, facts: Map<string, MoneyFact[]>): void {
    for (const [userId, list] of facts) {
      this.byPerson.delete(userId);
      this.byPerson.set(userId, list.slice(-this.perPerson));
    }
    for (const userId of this.byPerson.keys()) {
      if (this.byPerson.size <= this.people) break;
      this.byPerson.delete(userId);
    }
    this.mark = { upto_entry: to.upto_entry === null ? null : Number(to.upto_entry), upto_xid: to.upto_xid };
  }

  clear(): void {
    this.byPerson.clear();
    this.mark = null;
  }
}
