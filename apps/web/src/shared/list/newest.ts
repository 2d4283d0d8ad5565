/**
 * The late-answer guard of the list loaders (paged, whole, growing as it scrolls): an answer is
 * kept only when nothing made it stale while it was on its way (a newer load, other filters, an
 * answer that came another way). 报警中心 once put a handled alarm back from a late answer.
 */
export class Newest {
  private generation = 0;

  /** Every load on its way is stale from now on. */
  drop(): void {
    this.generation++;
  }

  /** For a load about to go: tells, when it answers, whether its answer is still wanted. */
  watch(): () => boolean {
    const mine = this.generation;
    return () => mine === this.generation;
  }

  /** A load that replaces every one on its way (a reload, a refresh). */
  start(): () => boolean {
    this.drop();
    return this.watch();
  }
}
