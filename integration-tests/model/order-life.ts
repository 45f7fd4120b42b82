import { cents, exactCents } from "./facts"
import { brief, type Reply } from "./http"
import type { ModelSystem } from "./system"

/**
 * The order's life after checkout as the admin drives it through Medusa's own admin routes:
 * shipping and receiving returns, exchanges and claims, editing an order up or down. Medusa's admin API, over HTTP,
 * so the http spec and the chaos run (Medusa in its own process) drive it alike.
 */

export interface OrderItemView {
  id: string
  quantity: number
  unit_price: number
  detail: { fulfilled_quantity: number; return_requested_quantity: number; return_received_quantity: number }
}

export interface OrderView {
  id: string
  status: string
  /** Cents, as every amount of this view. */
  total: number
  summary: { paid: number; refunded: number; pending: number; net: number }
  items: OrderItemView[]
  collections: Array<{ id: string; status: string; amount: number }>
}

interface RawOrder {
  id: string
  status: string
  total: number | string
  summary?: { paid_total?: number | string; refunded_total?: number | string; pending_difference?: number | string }
  items?: Array<{ id: string; quantity: number | string; unit_price: number | string; detail?: Record<string, number | string | null> }>
  payment_collections?: Array<{ id: string; status: string; amount: number | string }>
}

const quantity = (value: number | string | null | undefined): number => Number(value ?? 0)

/** The order as the admin's order page reads it (Medusa's default fields: its summary, lines and collections). */
export async function orderView(system: ModelSystem, orderId: string): Promise<OrderView | undefined> {
  const reply = await system.admin.get(`/admin/orders/${orderId}`)
  const order = (reply.body as { order?: RawOrder } | null)?.order
  if (reply.status !== 200 || !order) return undefined
  return {
    id: order.id,
    status: order.status,
    total: cents(order.total),
    summary: {
      paid: cents(order.summary?.paid_total ?? 0),
      refunded: cents(order.summary?.refunded_total ?? 0),
      pending: cents(order.summary?.pending_difference ?? 0),
      net: exactCents(order.summary?.paid_total ?? 0) - exactCents(order.summary?.refunded_total ?? 0),
    },
    items: (order.items ?? []).map((item) => ({
      id: item.id,
      quantity: quantity(item.quantity),
      unit_price: cents(item.unit_price),
      detail: {
        fulfilled_quantity: quantity(item.detail?.fulfilled_quantity),
        return_requested_quantity: quantity(item.detail?.return_requested_quantity),
        return_received_quantity: quantity(item.detail?.return_received_quantity),
      },
    })),
    collections: (order.payment_collections ?? []).map((c) => ({ id: c.id, status: c.status, amount: cents(c.amount) })),
  }
}

/** Units of a line that can still come back: ordered, less those asked back or received. */
export const returnable = (item: OrderItemView): number =>
  item.quantity - item.detail.return_requested_quantity - item.detail.return_received_quantity

/** What an admin step answered, and whether it went through; a 5xx or no reply is also the model's violation (`served`). */
type Step = (what: string, reply: Reply) => Reply

/** The store's stock location, where shipped goods leave from and come back to (the demo store has one; each Medusa booted has its own). */
async function locationOf(system: ModelSystem): Promise<string | undefined> {
  const reply = await system.admin.get("/admin/stock-locations?fields=id&limit=1")
  return (reply.body as { stock_locations?: Array<{ id: string }> } | null)?.stock_locations?.[0]?.id
}

/**
 * Ships what is not shipped yet of `items`, then a return of them requested, received and
 * confirmed, one admin request each, as the order page does. Answers what stopped it, or the return's id.
 */
export async function shipAndReturn(
  system: ModelSystem,
  served: Step,
  order: OrderView,
  items: Array<{ id: string; quantity: number }>,
): Promise<{ ok: true; returnId: string } | { ok: false; why: string }> {
  const location = await locationOf(system)
  if (!location) return { ok: false, why: "no stock location" }
  const post = async (what: string, path: string, body: unknown) => served(what, await system.admin.post(path, body))
  const unshipped = await shipFirst(system, served, order, items, location)
  if (unshipped) return { ok: false, why: unshipped }
  const opened = await post("return", "/admin/returns", { order_id: order.id, location_id: location })
  const returnId = (opened.body as { return?: { id: string } } | null)?.return?.id
  if (opened.status !== 200 || !returnId) return { ok: false, why: `return ${brief(opened)}` }
  for (const [step, body] of [
    ["request-items", { items }],
    ["request", {}],
  ] as Array<[string, unknown]>) {
    const reply = await post(`return ${step}`, `/admin/returns/${returnId}/${step}`, body)
    if (reply.status !== 200) return { ok: false, why: `return ${step} ${brief(reply)}` }
  }
  const received = await receive(system, served, returnId, items)
  return received ? { ok: false, why: received } : { ok: true, returnId }
}

/** Ships what is not shipped yet of `items` (only shipped goods come back). Answers what stopped it, if anything. */
async function shipFirst(
  system: ModelSystem,
  served: Step,
  order: OrderView,
  items: Array<{ id: string; quantity: number }>,
  location: string,
): Promise<string | undefined> {
  const unshipped = items.flatMap(({ id, quantity: wanted }) => {
    const item = order.items.find((candidate) => candidate.id === id)
    const shipped = item ? item.detail.fulfilled_quantity - item.detail.return_requested_quantity - item.detail.return_received_quantity : 0
    return wanted > shipped ? [{ id, quantity: wanted - shipped }] : []
  })
  if (!unshipped.length) return undefined
  const shipped = served("fulfilment", await system.admin.post(`/admin/orders/${order.id}/fulfillments`, { items: unshipped, location_id: location }))
  return shipped.status === 200 ? undefined : `fulfilment ${brief(shipped)}`
}

/** Receives a requested return in full and confirms it, as the order page does. Answers what stopped it, if anything. */
async function receive(system: ModelSystem, served: Step, returnId: string, items: Array<{ id: string; quantity: number }>) {
  const steps: Array<[string, unknown]> = [
    ["receive", {}],
    ["receive-items", { items }],
    ["receive/confirm", {}],
  ]
  for (const [step, body] of steps) {
    const reply = served(`return ${step}`, await system.admin.post(`/admin/returns/${returnId}/${step}`, body))
    if (reply.status !== 200) return `return ${step} ${brief(reply)}`
  }
  return undefined
}

/**
 * An exchange as the admin makes one: one unit of a line comes back (shipped first), one unit of
 * `variantId` goes out, the exchange confirmed and its return received. Medusa then asks the
 * difference in a new collection, or owes it to the shopper. Answers what stopped it, if anything.
 */
export const exchangeOne = (system: ModelSystem, served: Step, order: OrderView, itemId: string, variantId: string) =>
  oneUnitBack(system, served, order, itemId, { noun: "exchange", open: {}, outbound: [{ variant_id: variantId, quantity: 1 }] })

/**
 * A claim for a refund as the admin makes one: one unit of a line (shipped first) claimed, the
 * claim confirmed and its return received. Medusa then owes the shopper the unit. Answers what stopped it, if anything.
 */
export const claimOne = (system: ModelSystem, served: Step, order: OrderView, itemId: string) =>
  oneUnitBack(system, served, order, itemId, { noun: "claim", open: { type: "refund" } })

/** Medusa's exchange and claim routes, which differ in their name, how they open, and what goes out. */
async function oneUnitBack(
  system: ModelSystem,
  served: Step,
  order: OrderView,
  itemId: string,
  change: { noun: "exchange" | "claim"; open: Record<string, string>; outbound?: Array<{ variant_id: string; quantity: number }> },
): Promise<string | undefined> {
  const location = await locationOf(system)
  if (!location) return "no stock location"
  const items = [{ id: itemId, quantity: 1 }]
  const unshipped = await shipFirst(system, served, order, items, location)
  if (unshipped) return unshipped
  const { noun } = change
  const post = async (what: string, path: string, body: unknown) => served(`${noun} ${what}`, await system.admin.post(path, body))
  const opened = await post("opened", `/admin/${noun}s`, { order_id: order.id, ...change.open })
  const id = (opened.body as Record<string, { id: string } | undefined> | null)?.[noun]?.id
  if (opened.status !== 200 || !id) return `${noun} ${brief(opened)}`
  const steps: Array<[string, unknown]> = [["inbound/items", { items, location_id: location }]]
  if (change.outbound) steps.push(["outbound/items", { items: change.outbound }])
  for (const [step, body] of steps) {
    const reply = await post(step, `/admin/${noun}s/${id}/${step}`, body)
    if (reply.status !== 200) return `${noun} ${step} ${brief(reply)}`
  }
  const requested = await post("request", `/admin/${noun}s/${id}/request`, {})
  const returnId = (requested.body as { return?: { id: string } } | null)?.return?.id
  if (requested.status !== 200 || !returnId) return `${noun} request ${brief(requested)}`
  return receive(system, served, returnId, items)
}

/**
 * An order edit as the admin makes one: opened, changed (an item added, or a line's quantity
 * set), requested and confirmed. Answers what stopped it, if anything.
 */
export async function editOrder(
  system: ModelSystem,
  served: Step,
  orderId: string,
  change: { add: string } | { item: string; quantity: number },
): Promise<string | undefined> {
  const post = async (what: string, path: string, body: unknown) => served(what, await system.admin.post(path, body))
  const opened = await post("order edit", "/admin/order-edits", { order_id: orderId })
  if (opened.status !== 200) return `order edit ${brief(opened)}`
  const changed =
    "add" in change
      ? await post("order edit items", `/admin/order-edits/${orderId}/items`, { items: [{ variant_id: change.add, quantity: 1 }] })
      : await post("order edit quantity", `/admin/order-edits/${orderId}/items/item/${change.item}`, { quantity: change.quantity })
  if (changed.status !== 200) return `order edit change ${brief(changed)}`
  for (const step of ["request", "confirm"]) {
    const reply = await post(`order edit ${step}`, `/admin/order-edits/${orderId}/${step}`, {})
    if (reply.status !== 200) return `order edit ${step} ${brief(reply)}`
  }
  return undefined
}

/** Polls `read` until `done` says so, or `ms` pass (event subscribers answer after the request that sent the event). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    value = await read()
  }
  return value
}
