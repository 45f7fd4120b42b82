import type { Database } from "../../bench/lib/postgres"

/**
 * Every order that existed at any moment of a run, read every second, so that an order
 * removed later (deleted, soft-deleted) is found at the end: the plugin never deletes one.
 *
 * Medusa does: when a cart completion fails after it created the order (the provider's
 * authorization at the end of completeCartWorkflow fails, e.g. the service's status query
 * answers 503), the workflow's compensation deletes that order before it was ever linked to
 * its cart. Those are told apart from the deletion of an order a cart had.
 */
export interface DeletedOrders {
  /** Orders that were linked to their cart at some moment, then removed: never acceptable. */
  linked: string[]
  /** Orders removed before any cart was linked to them: Medusa's compensation of a failed completion. */
  neverLinked: string[]
}

export class OrderWatch {
  private readonly seen = new Set<string>()
  private readonly linked = new Set<string>()
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
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM "order" WHERE deleted_at IS NULL AND id = ANY($1)`,
      [[...this.seen]],
    )
    const present = new Set(rows.map((row) => row.id))
    const softDeleted = await this.db.query<{ id: string }>(`SELECT id FROM "order" WHERE deleted_at IS NOT NULL AND created_at >= $1`, [this.since])
    const gone = [...new Set([...[...this.seen].filter((id) => !present.has(id)), ...softDeleted.map((row) => row.id)])]
    const everLinked = await this.db.query<{ order_id: string }>(`SELECT order_id FROM order_cart WHERE order_id = ANY($1)`, [gone])
    everLinked.forEach((row) => this.linked.add(row.order_id))
    return { linked: gone.filter((id) => this.linked.has(id)), neverLinked: gone.filter((id) => !this.linked.has(id)) }
  }

  get count(): number {
    return this.seen.size
  }

  private async read(): Promise<void> {
    const rows = await this.db.query<{ id: string; linked: boolean }>(
      `SELECT o.id, EXISTS (SELECT 1 FROM order_cart oc WHERE oc.order_id = o.id) AS linked FROM "order" o WHERE o.deleted_at IS NULL`,
    )
    for (const { id, linked } of rows) {
      this.seen.add(id)
      if (linked) this.linked.add(id)
    }
  }
}
