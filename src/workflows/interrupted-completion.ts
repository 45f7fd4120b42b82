import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, TransactionState } from "@medusajs/framework/utils"
import { completeCartWorkflowId } from "@medusajs/medusa/core-flows"
import { z } from "zod"
import { PROVIDER_ID } from "../providers/bnpl/session-data"

/**
 * Medusa's completeCartWorkflow creates the order in one step and links it to
 * the cart in a later one. A process killed between the two (a deploy, an
 * out-of-memory kill) leaves an order no cart points to, and the next
 * completion of that cart, from the webhook, reconciliation or the
 * storefront, sees no order and places a second one. The in-memory workflow
 * engine cannot resume or compensate the dead run, so this finishes the
 * rollback its compensation would have done: the orphan's reservations are
 * released, the orphan is deleted, and the cart's completed_at is cleared.
 * Then the cart completes normally, into one order with its payment.
 *
 * All of this must hold before anything is deleted:
 * - Medusa recorded a complete-cart run for this cart that never finished
 *   (it writes the row when a run starts and updates it when the run ends);
 * - the order was created within that run's lock TTL after it started, for
 *   the cart's region, currency, sales channel, e-mail and items;
 * - no cart is linked to the order, and nobody has touched it since.
 * It runs under Medusa's own lock on the cart (the key completeCartWorkflow
 * takes), so no live completion of the cart can be half-way through.
 */

/** completeCartWorkflow's lock TTL: a run that started longer ago than this no longer holds the cart. */
const RUN_WINDOW_MS = 2 * 60_000
/** completeCartWorkflow's retention time: older runs are not looked at. */
const RUN_RETENTION_MS = 3 * 24 * 3_600_000
const CART_LOCK_TIMEOUT_SECONDS = 30
const FINISHED = [TransactionState.DONE, TransactionState.REVERTED, TransactionState.FAILED]

/** The one part of Medusa's stored run this needs: the cart it was completing. */
const CompletionRun = z.object({ context: z.object({ data: z.object({ payload: z.object({ id: z.string() }) }) }) })

interface UnfinishedRun {
  cartId: string
  startedAt: number
}

interface CartRow {
  id: string
  email?: string | null
  region_id?: string | null
  currency_code: string
  sales_channel_id?: string | null
  items?: Array<{ variant_id?: string | null; quantity: unknown } | null> | null
  payment_collection?: { payment_sessions?: Array<{ provider_id: string } | null> | null } | null
}

interface OrderRow {
  id: string
  status: string
  email?: string | null
  version: number
  created_at: string | Date
  items?: Array<{ id: string; variant_id?: string | null; quantity?: unknown; detail?: { quantity: unknown } | null } | null> | null
}

/**
 * Before a pp_bnpl_bnpl cart is completed: removes what an interrupted
 * completion of it left behind. Returns the ids of the orders removed. Cheap
 * when there is nothing to do: one query for unfinished runs.
 */
export async function rollBackInterruptedCompletion(container: MedusaContainer, cartId: string): Promise<string[]> {
  const runs = await unfinishedRuns(container, Date.now())
  return runs.some((run) => run.cartId === cartId) ? rollBack(container, cartId, runs) : []
}

/**
 * Reconciliation's sweep: every cart with a completion that stopped half-way,
 * whatever became of its loan (an unpaid one still leaves an order without
 * payment in the admin, and a cart the storefront can no longer change).
 */
export async function rollBackInterruptedCompletions(
  container: MedusaContainer,
  except: ReadonlySet<string> = new Set(),
): Promise<{ removed: number; failed: number }> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const runs = await unfinishedRuns(container, Date.now())
  let removed = 0
  let failed = 0
  for (const cartId of new Set(runs.map((run) => run.cartId))) {
    if (except.has(cartId)) continue
    try {
      removed += (await rollBack(container, cartId, runs)).length
    } catch (error) {
      failed++
      logger.warn(`[bnpl] reconciliation: interrupted completion of cart ${cartId} left for the next run: ${(error as Error).message}`)
    }
  }
  return { removed, failed }
}

async function unfinishedRuns(container: MedusaContainer, now: number): Promise<UnfinishedRun[]> {
  const engine = container.resolve(Modules.WORKFLOW_ENGINE)
  const rows = await engine.listWorkflowExecutions(
    {
      workflow_id: completeCartWorkflowId,
      state: { $nin: FINISHED },
      created_at: { $gte: new Date(now - RUN_RETENTION_MS).toISOString() },
    },
    { select: ["id", "context", "created_at"] },
  )
  return rows.flatMap((row) => {
    const parsed = CompletionRun.safeParse(row)
    return parsed.success ? [{ cartId: parsed.data.context.data.payload.id, startedAt: new Date(row.created_at).getTime() }] : []
  })
}

/**
 * Carts that look alike (same e-mail, same items) may be completing at the
 * same moment, so an order without a cart may just as well be another cart's
 * order about to be linked. Before judging an order, this holds the lock of
 * every cart with an unfinished run that could have created it: with all of
 * them held, no live run can link it any more, and whichever dead run created
 * it, removing it is right. A run that started meanwhile widens the set, and
 * the judgement starts again.
 */
async function rollBack(container: MedusaContainer, cartId: string, runs: UnfinishedRun[]): Promise<string[]> {
  const cart = await bnplCart(container, cartId)
  if (!cart) return []
  const locking = container.resolve(Modules.LOCKING)
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = await orphanOrders(container, cart, runs)
    if (!seen.length) return []
    const held = claimantsOf(seen, runs).add(cartId)
    const outcome = await locking.execute(
      [...held].sort(),
      async (): Promise<{ removed: string[] } | { runs: UnfinishedRun[] }> => {
        const runsNow = await unfinishedRuns(container, Date.now())
        const orphans = await orphanOrders(container, cart, runsNow)
        if ([...claimantsOf(orphans, runsNow)].some((claimant) => !held.has(claimant))) return { runs: runsNow }
        return { removed: await removeOrphans(container, cart, orphans, held) }
      },
      { timeout: CART_LOCK_TIMEOUT_SECONDS },
    )
    if ("removed" in outcome) return outcome.removed
    runs = outcome.runs
  }
  throw new Error(`cart ${cartId}: completions of look-alike carts keep starting; the orders they left are judged on the next try`)
}

/** Under the locks of `held`, the carts whose runs could have created `orphans`. */
async function removeOrphans(container: MedusaContainer, cart: CartRow, orphans: Orphan[], held: Set<string>): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart_payment_collection", fields: ["payment_collection_id"], filters: { cart_id: [...held] } })
  const theirCollections = new Set((data as Array<{ payment_collection_id: string }>).map((link) => link.payment_collection_id))
  // The dead run's link step may have linked its cart's collection before it
  // died; a fulfillment, an edit or any other collection is someone's work.
  // A cancelled one is the merchant's answer to the error below: it stays as
  // their record, and only gives back the cart's payment collection, which
  // the cart's real order takes.
  const cancelled = orphans.filter((order) => order.status === "canceled")
  const halfMade = orphans.filter((order) => order.status !== "canceled")
  const touched = halfMade.filter(
    (order) => order.version !== 1 || order.fulfillments.length || order.paymentCollections.some((id) => !theirCollections.has(id)),
  )
  if (touched.length) {
    // Deleting an order someone has worked on loses their work; completing
    // the cart would place a second order. Neither is ours to decide.
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order ${touched.map((o) => o.id).join(", ")} was placed for cart ${cart.id} by a completion that was interrupted, ` +
        "and has been changed since. Cancel it in the admin if it should not exist, and the cart completes on the next try; " +
        "until then the cart is not completed again, so no second order is placed.",
    )
  }
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  for (const order of cancelled) {
    const given = order.paymentCollections.filter((id) => theirCollections.has(id))
    if (!given.length) continue
    await link.dismiss(given.map((id) => collectionLink(order.id, id)))
    container.resolve(ContainerRegistrationKeys.LOGGER).info(
      `[bnpl] cancelled order ${order.id}, left by an interrupted completion, gave up its payment collection; cart ${cart.id} completes into a new order`,
    )
  }
  for (const order of halfMade) await deleteOrphan(container, order)
  if (halfMade.length) await reopenCarts(container, [...held])
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  for (const order of halfMade) logOrphan(logger, cart.id, order)
  return halfMade.map((order) => order.id)
}

function claimantsOf(orders: Orphan[], runs: UnfinishedRun[]): Set<string> {
  return new Set(runs.filter((run) => orders.some((order) => withinRun(order, run))).map((run) => run.cartId))
}

/** The cart, if it is a pp_bnpl_bnpl cart: other providers' carts are none of this plugin's business. */
async function bnplCart(container: MedusaContainer, cartId: string): Promise<CartRow | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id", "email", "region_id", "currency_code", "sales_channel_id",
      "items.variant_id", "items.quantity", "payment_collection.payment_sessions.provider_id",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  return cart?.payment_collection?.payment_sessions?.some((session) => session?.provider_id === PROVIDER_ID) ? cart : undefined
}

interface Orphan extends OrderRow {
  fulfillments: string[]
  /** Links the dead run's link step may have made before the one to the cart. */
  paymentCollections: string[]
  promotions: string[]
}

function withinRun(order: { created_at: string | Date }, run: UnfinishedRun): boolean {
  const createdAt = new Date(order.created_at).getTime()
  return createdAt >= run.startedAt && createdAt <= run.startedAt + RUN_WINDOW_MS
}

/** Orders without a cart that one of this cart's unfinished runs could have created from it. */
async function orphanOrders(container: MedusaContainer, cart: CartRow, runs: UnfinishedRun[]): Promise<Orphan[]> {
  const mine = runs.filter((run) => run.cartId === cart.id)
  if (!mine.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const earliest = Math.min(...mine.map((run) => run.startedAt))
  const latest = Math.max(...mine.map((run) => run.startedAt)) + RUN_WINDOW_MS
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "email", "status", "version", "created_at", "items.id", "items.variant_id", "items.detail.quantity"],
    filters: {
      region_id: cart.region_id ?? undefined,
      currency_code: cart.currency_code,
      sales_channel_id: cart.sales_channel_id ?? undefined,
      is_draft_order: false,
      created_at: { $gte: new Date(earliest).toISOString(), $lte: new Date(latest).toISOString() },
    },
  })
  const cartItems = itemsKey(cart.items)
  const candidates = (data as OrderRow[]).filter(
    (order) => mine.some((run) => withinRun(order, run)) && order.email === cart.email && itemsKey(order.items) === cartItems,
  )
  if (!candidates.length) return []

  const ids = candidates.map((order) => order.id)
  const links = async (entity: string, field: string) =>
    (await query.graph({ entity, fields: ["order_id", field], filters: { order_id: ids } })).data as Array<Record<string, string>>
  const [carts, fulfillments, collections, promotions] = await Promise.all([
    links("order_cart", "cart_id"),
    links("order_fulfillment", "fulfillment_id"),
    links("order_payment_collection", "payment_collection_id"),
    links("order_promotion", "promotion_id"),
  ])
  const of = (rows: Array<Record<string, string>>, order: OrderRow, field: string) =>
    rows.filter((row) => row.order_id === order.id).map((row) => row[field])
  return candidates
    .filter((order) => !of(carts, order, "cart_id").length)
    .map((order) => ({
      ...order,
      fulfillments: of(fulfillments, order, "fulfillment_id"),
      paymentCollections: of(collections, order, "payment_collection_id"),
      promotions: of(promotions, order, "promotion_id"),
    }))
}

/**
 * completed_at is cleared, as the workflow's compensation would, on carts
 * that have it but no order: with their locks held, only a dead run set it.
 */
async function reopenCarts(container: MedusaContainer, cartIds: string[]): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: carts }, { data: links }] = await Promise.all([
    query.graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id: cartIds } }),
    query.graph({ entity: "order_cart", fields: ["cart_id"], filters: { cart_id: cartIds } }),
  ])
  const ordered = new Set((links as Array<{ cart_id: string }>).map((link) => link.cart_id))
  const reopened = (carts as Array<{ id: string; completed_at?: unknown }>).filter((c) => c.completed_at && !ordered.has(c.id))
  if (reopened.length) await container.resolve(Modules.CART).updateCarts(reopened.map((c) => ({ id: c.id, completed_at: null })))
}

/** What completeCartWorkflow's compensation does for the steps that may have run. */
async function deleteOrphan(container: MedusaContainer, order: Orphan): Promise<void> {
  const inventory = container.resolve(Modules.INVENTORY)
  const locking = container.resolve(Modules.LOCKING)
  const lineItemIds = (order.items ?? []).flatMap((item) => (item ? [item.id] : []))
  const reservations = lineItemIds.length
    ? await inventory.listReservationItems({ line_item_id: lineItemIds }, { select: ["id", "inventory_item_id"] })
    : []
  if (reservations.length) {
    // The same locks Medusa's reserve-inventory step takes, so stock counts stay consistent.
    const inventoryItemIds = [...new Set(reservations.map((r) => r.inventory_item_id))]
    await locking.execute(inventoryItemIds, () => inventory.deleteReservationItems(reservations.map((r) => r.id)))
  }
  const dismissed = [
    ...order.paymentCollections.map((id) => collectionLink(order.id, id)),
    ...order.promotions.map((id) => ({ [Modules.ORDER]: { order_id: order.id }, [Modules.PROMOTION]: { promotion_id: id } })),
  ]
  // A payment collection belongs to one order: the cart's next completion links it again.
  if (dismissed.length) await container.resolve(ContainerRegistrationKeys.LINK).dismiss(dismissed)
  await container.resolve(Modules.ORDER).deleteOrders([order.id])
}

const collectionLink = (orderId: string, paymentCollectionId: string) => ({
  [Modules.ORDER]: { order_id: orderId },
  [Modules.PAYMENT]: { payment_collection_id: paymentCollectionId },
})

function logOrphan(logger: Logger, cartId: string, order: Orphan): void {
  logger.warn(
    `[bnpl] removed order ${order.id}: a cart completion created it and stopped before linking it to its cart ` +
      `(found while completing cart ${cartId}); the cart now completes into one order`,
  )
}

/** The cart's or order's lines as variant × quantity, order-independent. */
function itemsKey(items: Array<{ variant_id?: string | null; quantity?: unknown; detail?: { quantity: unknown } | null } | null> | null | undefined): string {
  return (items ?? [])
    .flatMap((item) => (item ? [`${item.variant_id ?? ""}×${Number(item.quantity ?? item.detail?.quantity)}`] : []))
    .sort()
    .join(",")
}
