import type { Database } from "../../bench/lib/postgres"

/**
 * Every order that existed at any moment of a run, read every second, so that an order
 * removed later (deleted, soft-deleted) is found at the end: the plugin never deletes one.
 */
export class OrderWatch {
  private readonly seen = new Set<string>()
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
  async deleted(): Promise<string[]> {
    clearTimeout(this.timer)
    await this.reading
    await this.read()
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM "order" WHERE deleted_at IS NULL AND id = ANY($1)`,
      [[...this.seen]],
    )
    const present = new Set(rows.map((row) => row.id))
    const softDeleted = await this.db.query<{ id: string }>(`SELECT id FROM "order" WHERE deleted_at IS NOT NULL AND created_at >= $1`, [this.since])
    return [...new Set([...[...this.seen].filter((id) => !present.has(id)), ...softDeleted.map((row) => row.id)])]
  }

  get count(): number {
    return this.seen.size
  }

  private async read(): Promise<void> {
    for (const { id } of await this.db.query<{ id: string }>(`SELECT id FROM "order" WHERE deleted_at IS NULL`)) this.seen.add(id)
  }
}
