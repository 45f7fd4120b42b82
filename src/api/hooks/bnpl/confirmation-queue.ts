/**
 * The confirmations of notified loans in one process, at most `limit` at a time.
 *
 * A notification that finds a place is confirmed while the service waits, and answered with the
 * verdict. One that finds every place taken is answered at once and confirmed in turn: under a
 * flood (a sale day, the backlog after an outage) the service's senders are not held behind
 * orders that Medusa makes a few per second, and the database is not asked for more completions
 * at once than it serves well. A queued notification lives in this process only: if it stops
 * first, reconciliation finds the paid loan, as it finds a lost webhook.
 */
export class ConfirmationQueue<T> {
  private running = 0
  private readonly waiting: Array<{ key: string; start: () => void }> = []
  private readonly queued = new Map<string, Promise<T>>()

  constructor(private readonly limit: number) {}

  /** Runs `work` now when a place is free and no notification waits for one; undefined otherwise. */
  tryNow(work: () => Promise<T>): Promise<T> | undefined {
    if (this.running >= this.limit || this.waiting.length > 0) return undefined
    return this.run(work)
  }

  /**
   * Runs `work` when a place frees. A copy of a notification that still waits (the same `key`)
   * shares its turn and its result rather than confirming the same loan twice in a row.
   */
  inTurn(key: string, work: () => Promise<T>): Promise<T> {
    const waiting = this.queued.get(key)
    if (waiting) return waiting
    const turn = new Promise<T>((resolve, reject) => {
      this.waiting.push({
        key,
        start: () => {
          this.queued.delete(key)
          this.run(work).then(resolve, reject)
        },
      })
    })
    this.queued.set(key, turn)
    this.next()
    return turn
  }

  get pending(): number {
    return this.waiting.length
  }

  private run(work: () => Promise<T>): Promise<T> {
    this.running++
    return Promise.resolve()
      .then(work)
      .finally(() => {
        this.running--
        this.next()
      })
  }

  private next(): void {
    while (this.running < this.limit && this.waiting.length > 0) this.waiting.shift()!.start()
  }
}
