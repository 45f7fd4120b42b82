import type { Database } from "../../harness/postgres"

/**
 * Every order that existed at any moment of a run, read every second, so that an order
 * removed later (deleted, soft-deleted) is found at the end: the plugin never deletes one.
 *
 * Medusa does: when a cart completion fails after it created the order (the provider's
 * authorization, the last step of completeCartWorkflow, fails, e.g. the service's status
 * query answers 503), the workflow's compensation removes that order, and any link it made,
 * before a payment was ever recorded for it. Those are told apart from the removal of an
 * order that held a payment.
 */
export interface DeletedOrders {
  /** Orders that held a payment at some moment, then were removed: never acceptable. */
  paid: string[]
  /** Orders removed before any payment was recorded for them: Medusa's compensation of a failed completion. */
  unpaid: string[]
}

export class OrderWatch {
  private readonly seen = new Set<string>()
  private readonly paid = new Set<string>()
  private timer: NodeJS.Timeout | undefined
  private readonly since = new Date()
  private reading: Promise<void> = Promise.resolve()

  constructor(private readonly db: Database) {}

  start(everyMs = 1_000): this {
    const read = (): void => {
      this.reading = this.read().catch(() => undefined) // a read during a fault is retried a second later
      this.timer = setTimeout(() => void this.reading.then(read), everyMs)
    }
    read()
    return this
  }

  /** Orders seen during the run that are now gone or soft-deleted, and any created since and deleted. */
  async deleted(): Promise<DeletedOrders> {
    clearTimeout(this.timer)
    await this.reading
    await this.read()
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM "order" WHERE deleted_at IS NULL AND id = ANY($1)`, [[...this.seen]])
    const present = new Set(rows.map((row) => row.id))
    const softDeleted = await this.db.query<{ id: string }>(`SELECT id FROM "order" WHERE deleted_at IS NOT NULL AND created_at >= $1`, [this.since])
    const gone = [...new Set([...[...this.seen].filter((id) => !present.has(id)), ...softDeleted.map((row) => row.id)])]
    return { paid: gone.filter((id) => this.paid.has(id)), unpaid: gone.filter((id) => !this.paid.has(id)) }
  }

  get count(): number {
    return this.seen.size
  }

  private async read(): Promise<void> {
    const rows = await this.db.query<{ id: string; paid: boolean }>(
      `SELECT o.id, EXISTS (SELECT 1 FROM order_payment_collection opc JOIN payment p ON p.payment_collection_id = opc.payment_collection_id
                             WHERE opc.order_id = o.id AND opc.deleted_at IS NULL AND p.deleted_at IS NULL) AS paid
         FROM "order" o WHERE o.deleted_at IS NULL`,
    )
    for (const { id, paid } of rows) {
      this.seen.add(id)
      if (paid) this.paid.add(id)
    }
  }
}
