import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createOrderPaymentCollectionWorkflow, createPaymentSessionsWorkflow, deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { BnplServiceError } from "../../../../lib/service/client"
import { asMedusaError } from "../../../../lib/service/errors"
import { exactNumber, toCents, toDecimal } from "../../../../lib/service/money"
import type { BnplOptions } from "../../../../lib/options/options"
import { bnplFromContainer } from "../../../../lib/options/resolve-options"
import { isBnplProvider, readSessionData, type SessionData } from "../../../../lib/medusa/session-data"
import { isPaid } from "../../../../lib/service/status"
import { excludesAny } from "../../../../lib/catalog/exclusions"
import { excludedItemsOfOrder } from "../../../../lib/catalog/excluded-items"
import { holderLocksOf, orderLockOf, underLocks } from "../../../../lib/ledger/locks"
import { saleByPhoneHolder, serviceCartId } from "../../../../modules/bnpl/holder"
import { aboutLoan } from "../../../../lib/telemetry/loan-context"
import { amountIneligibility } from "../../../../storefront/eligibility"
import { ledgerOf } from "../../../../lib/ledger/ledger"
import type { LedgerLoan } from "../../../../modules/bnpl/types"
import { cancelAbandonedLoanWorkflow } from "../../../../workflows/cancel-abandoned-loan"
import { recordLoanSessionWorkflow } from "../../../../workflows/record-loan-session"
import { recordLoanRequestWorkflow, settleLoanRequestWorkflow } from "../../../../workflows/settle-loan-request"
import { checkoutQr } from "../../../../lib/service/checkout-qr"
import { displayPhone, type InStoreJson, type InStoreSaleJson, type ResendBody, SEND_CHANNEL, type SendByPhoneBody } from "./in-store-view"

/**
 * A sale by phone (the service's in-store API) for an order's payment collection that asks for
 * money: a converted draft order (which has none yet: the first link opens one for its total), or
 * the balance of an order change. The loan is made by the
 * plugin's provider inside Medusa's own createPaymentSessionsWorkflow, so the session, the
 * ledger row, the webhook's confirmation, reconciliation and refunds are those of every loan.
 * The collection's lock is held throughout: one payable link per collection.
 */

interface SessionRow {
  id: string
  provider_id: string
  status: string
  amount: number
  currency_code: string
  data: Record<string, unknown> | null
  created_at?: string | Date
}

interface CollectionRow {
  id: string
  status: string
  amount: number
  currency_code: string
  payment_sessions?: SessionRow[] | null
}

interface OrderRow {
  id: string
  status: string
  currency_code: string
  total?: BigNumberInput | null
  shipping_address?: { phone?: string | null } | null
  billing_address?: { phone?: string | null } | null
  customer?: { phone?: string | null } | null
  payment_collections?: CollectionRow[] | null
}

/** Collections that still ask for money: Medusa's `not_paid`, or `awaiting` a session's authorization. */
const OPEN = ["not_paid", "awaiting"]

async function readOrder(container: MedusaContainer, orderId: string): Promise<OrderRow> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "currency_code",
      "total",
      "shipping_address.phone",
      "billing_address.phone",
      "customer.phone",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.currency_code",
      "payment_collections.payment_sessions.*",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found.`)
  return order
}

const openCollectionOf = (order: OrderRow): CollectionRow | undefined =>
  (order.payment_collections ?? []).filter((c) => OPEN.includes(c.status) && toCents(c.amount ?? 0) > 0n).at(-1)

/**
 * What the order asks: its open collection's amount; or, for an order that never had a
 * collection (a draft order converted in the admin: Medusa opens none), its whole total, which
 * the first link opens a collection for. An order with any collection asks only through one; a
 * cancelled order asks nothing.
 */
function askedOf(order: OrderRow): { collection?: CollectionRow; amount: BigNumberInput; currency: string } | undefined {
  if (order.status === "canceled") return undefined
  const open = openCollectionOf(order)
  if (open) return { collection: open, amount: open.amount, currency: open.currency_code ?? order.currency_code }
  if ((order.payment_collections ?? []).length || toCents(order.total ?? 0) <= 0n) return undefined
  return { amount: order.total!, currency: order.currency_code }
}

/** The order's newest sale by phone, whatever its state. */
function saleSessionOf(
  order: OrderRow,
): { session: SessionRow; collectionId: string; data: SessionData & { in_store: NonNullable<SessionData["in_store"]> } } | undefined {
  const sessions = (order.payment_collections ?? [])
    .flatMap((c) => (c.payment_sessions ?? []).map((session) => ({ session, collectionId: c.id })))
    .filter(({ session }) => isBnplProvider(session.provider_id))
    .sort((a, b) => time(a.session.created_at) - time(b.session.created_at))
  for (const { session, collectionId } of sessions.reverse()) {
    const data = readSessionData(session.data)
    if (data?.in_store) return { session, collectionId, data: data as SessionData & { in_store: NonNullable<SessionData["in_store"]> } }
  }
  return undefined
}

/** The phone on the order, as ten digits: the shipping address's, the billing address's, the customer's. */
function phoneSuggestion(order: OrderRow): string | null {
  for (const phone of [order.shipping_address?.phone, order.billing_address?.phone, order.customer?.phone]) {
    const digits = (phone ?? "").replace(/\D/g, "")
    if (digits.length >= 10) return digits.slice(-10)
  }
  return null
}

/** GET: what the card shows, the sale's status live from the status query. */
export async function inStoreSaleOf(container: MedusaContainer, orderId: string): Promise<InStoreJson> {
  const { options, client } = bnplFromContainer(container)
  const order = await readOrder(container, orderId)
  const asked = askedOf(order)
  const found = saleSessionOf(order)
  let sale: InStoreSaleJson | null = null
  if (found) {
    const { session, data } = found
    let statusError: string | null = null
    const loan = await client.getLoan(data.cart_id, data.loan_id).catch((error) => {
      // The card keeps what it knows and says the service could not be asked; the message holds no secret (client.ts).
      if (!(error instanceof BnplServiceError)) throw error
      statusError = error.message
      return undefined
    })
    sale = {
      loan_id: data.loan_id,
      cart_id: data.cart_id,
      status: loan?.status ?? null,
      phone: data.in_store.phone,
      phone_display: displayPhone(data.in_store.phone),
      channel: data.in_store.channel,
      shop_id: data.in_store.shop_id,
      qr: data.in_store.channel === "q" ? checkoutQr(data.in_store.qr, data.checkout_url || undefined) : null,
      url: data.checkout_url || null,
      authorized: session.status === "authorized",
      status_error: statusError,
    }
  }
  return {
    payment_collection_id: asked?.collection?.id ?? null,
    amount: asked ? toDecimal(asked.amount) : null,
    currency_code: asked?.currency ?? null,
    phone_suggestion: phoneSuggestion(order),
    channels: options.inStoreChannels,
    branches: options.inStoreBranches.map((b) => ({ name: b.name, shop_id: b.shopId })),
    sale,
  }
}

const refuse = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

const nothingAsked = (order: OrderRow): string =>
  order.status === "canceled"
    ? `Order ${order.id} is cancelled: there is nothing to pay by phone.`
    : `Order ${order.id} has no payment collection that asks for money: there is nothing to pay by phone.`

/** POST: a new loan for what the open collection asks, its link sent (or its QR answered). */
export async function sendByPhone(container: MedusaContainer, orderId: string, body: SendByPhoneBody): Promise<InStoreJson> {
  const { options, providerId } = bnplFromContainer(container)
  if (!options.inStoreChannels.includes(body.channel)) {
    throw refuse(
      `Channel ${body.channel} is not offered for sales by phone: this store offers ${options.inStoreChannels.join(", ")} (BNPL_IN_STORE_CHANNELS).`,
    )
  }
  const branch = body.shop_id ? options.inStoreBranches.find((b) => b.shopId === body.shop_id) : options.inStoreBranches[0]
  if (!branch) {
    throw refuse(
      options.inStoreBranches.length
        ? `Branch ${body.shop_id} is not one of this store's branches for sales by phone (${options.inStoreBranches.map((b) => b.shopId).join(", ")}).`
        : "Sales by phone need the service's branch id: set BNPL_IN_STORE_SHOP_ID (digits, from the service's create-branch), or BNPL_IN_STORE_BRANCHES.",
    )
  }
  const order = await readOrder(container, orderId)
  payableByPhone(order, options)
  if (excludesAny(options)) {
    const excluded = await excludedItemsOfOrder(container, orderId, options)
    if (excluded.length) {
      throw refuse(
        `The store does not finance ${excluded.map((item) => `${item.title} (${item.why})`).join("; ")}: this order cannot be paid in installments.`,
      )
    }
  }

  const opened = payableByPhone(order, options).collection ?? (await openCollectionFor(container, order))
  const holder = saleByPhoneHolder(opened.id)
  // The sale's requests are traced as its holder's (lib/telemetry/loan-context.ts).
  const failed = await aboutLoan({ holder }, () =>
    underLocks(container, holderLocksOf(container, [holder]), async (): Promise<FailedCreation | undefined> => {
      // Read again under the lock: a webhook, a payment link's session or another admin's send may
      // have changed the collection while this one waited for it.
      const again = await readOrder(container, orderId)
      const asked = payableByPhone(again, options)
      const { collection, currency } = asked
      if (collection?.id !== opened.id) {
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          `Order ${orderId} now asks through another payment collection: open the order again and send from there.`,
        )
      }
      await settleRequestsOf(container, collection.id)
      await cancelUnpaidLoansOf(container, collection).catch((error) => {
        throw asMedusaError(error, "cancel the collection's waiting link before a new one")
      })
      const cartId = serviceCartId(holder)
      await recordLoanRequestWorkflow(container).run({
        input: {
          cart_id: cartId,
          holder: "order_balance",
          payment_collection_id: collection.id,
          amount: toDecimal(asked.amount),
          currency_code: currency,
        },
      })
      const created = await createPaymentSessionsWorkflow(container)
        .run({
          input: {
            payment_collection_id: collection.id,
            provider_id: providerId,
            data: { in_store: { cart_id: cartId, phone: body.phone, channel: body.channel, shop_id: branch.shopId } },
          },
        })
        .catch(async (error: Error) => ({ error, settled: await settleAfterFailure(container, cartId) }))
      if ("error" in created) return created
      const session = created.result
      const loan = readSessionData(session.data)
      if (loan) {
        await recordLoanSessionWorkflow(container).run({
          input: { cart_id: cartId, holder: "order_balance", payment_collection_id: collection.id, payment_session_id: session.id, loan },
        })
      }
      await settleLoanRequestWorkflow(container).run({ input: { cart_id: cartId } })
      return undefined
    }),
  )
  // The loans a failed creation made are cancelled once the collection's lock is released: each
  // cancel takes that lock itself.
  if (failed) throw await afterFailedCreation(container, failed)
  return inStoreSaleOf(container, orderId)
}

/** What the order asks, when a sale by phone may ask it; a 400 saying why not otherwise. */
function payableByPhone(order: OrderRow, options: BnplOptions): NonNullable<ReturnType<typeof askedOf>> {
  const asked = askedOf(order)
  if (!asked) throw refuse(nothingAsked(order))
  const { currency } = asked
  const reason = amountIneligibility(currency, toCents(asked.amount), {
    currencies: options.currencies,
    min: toCents(options.minAmount),
    max: toCents(options.maxAmount),
  })
  if (reason) {
    throw refuse(
      reason === "currency_not_offered"
        ? `Installments are not offered in ${currency.toUpperCase()} (BNPL_CURRENCIES).`
        : `Installments are available from ${toDecimal(options.minAmount)} to ${toDecimal(options.maxAmount)} ${currency.toUpperCase()}; this order asks ${toDecimal(asked.amount)}.`,
    )
  }
  return asked
}

/**
 * Before anything more is sent for the collection: a creation whose reply was lost is settled by
 * the status query of its cartId, so that the loan it may have made has its row (and is then
 * cancelled with the collection's other unpaid links). While the service cannot say, nothing
 * more is sent.
 */
async function settleRequestsOf(container: MedusaContainer, collectionId: string): Promise<void> {
  for (const request of await ledgerOf(container).listUnsettledLoanRequests({ payment_collection_id: collectionId })) {
    await settleLoanRequestWorkflow(container)
      .run({ input: { cart_id: request.cart_id } })
      .catch((error: Error) => {
        throw new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `The service did not answer the last payment by phone of this order (${request.cart_id}), and cannot say now whether it made its loan (${error.message}). No new link is sent until it can: try again in a moment.`,
        )
      })
  }
}

/** A creation Medusa's workflow failed, with the loans its cartId's status query found (none known when it could not say). */
interface FailedCreation {
  error: Error
  settled: LedgerLoan[] | undefined
}

/** Under the collection's lock: the rows of the loans the service made under the failed creation's cartId. */
const settleAfterFailure = (container: MedusaContainer, cartId: string): Promise<LedgerLoan[] | undefined> =>
  settleLoanRequestWorkflow(container)
    .run({ input: { cart_id: cartId } })
    .then(({ result }) => result)
    .catch(() => undefined)

/**
 * Medusa's workflow failed after the request may have reached the service (a lost reply, the
 * status query silent): the loans the service made under the cartId get their rows and are
 * cancelled, as the admin is told the link failed. What the service cannot say yet is settled
 * before the next link and by reconciliation.
 */
async function afterFailedCreation(container: MedusaContainer, { error, settled }: FailedCreation): Promise<Error> {
  if (!settled) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The service did not answer the payment by phone (${error.message}), and it cannot say now whether it made the loan. The plugin asks it before the next link is sent, and at the next reconciliation; a loan it made is then cancelled, or confirmed if the customer paid it.`,
    )
  }
  const made: number[] = []
  for (const row of settled) {
    const { result } = await cancelAbandonedLoanWorkflow(container).run({
      input: { ledger_id: row.id, reason: "its payment by phone failed in the store; the admin sends a new link" },
    })
    if (result.cancelled) made.push(row.loan_id)
  }
  if (!made.length) return error
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `The payment by phone failed (${error.message}) after the service made loan ${made.join(", ")}, which was cancelled: the customer cannot pay it. Send the link again.`,
  )
}

/**
 * The collection for a converted draft order's total, as Medusa opens one for an order (its
 * "payment link"), under the order's lock: two admins sending at once open one, not two.
 */
async function openCollectionFor(container: MedusaContainer, order: OrderRow): Promise<CollectionRow> {
  return underLocks(container, orderLockOf(container, order.id), async () => {
    const again = askedOf(await readOrder(container, order.id))
    if (again?.collection) return again.collection
    if (!again) throw refuse(nothingAsked(order))
    await createOrderPaymentCollectionWorkflow(container).run({ input: { order_id: order.id, amount: exactNumber(again.amount) } })
    const opened = openCollectionOf(await readOrder(container, order.id))
    if (!opened) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Medusa opened no payment collection for order ${order.id}.`)
    return opened
  })
}

/**
 * Before a new link: every unpaid loan of the collection is cancelled at the service,
 * so that the customer never holds two payable links. A paid one refuses the new link; one the
 * service would not cancel stops it.
 */
async function cancelUnpaidLoansOf(container: MedusaContainer, collection: CollectionRow): Promise<void> {
  const { client } = bnplFromContainer(container)
  for (const data of await loansOfCollection(container, collection)) {
    const { loan, cancelled } = await client.cancelIfUnpaid(data.cart_id, data.loan_id, "replaced by a new payment by phone")
    if (loan && isPaid(loan)) throw refuse(`Loan ${loan.loanId} of this collection is already paid: nothing is left to pay by phone.`)
    if (loan?.status === "REQUEST" && !cancelled) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Loan ${loan.loanId} of this collection could not be cancelled at the service, so no second link is sent. Try again in a moment.`,
      )
    }
  }
}

/**
 * The loans that may pay the collection: its sessions' and every undecided row the ledger holds
 * for it (a payment link's, a phone sale's, one whose reply was lost), newest first.
 */
async function loansOfCollection(container: MedusaContainer, collection: CollectionRow): Promise<Array<{ cart_id: string; loan_id: number }>> {
  const fromSessions = (collection.payment_sessions ?? []).flatMap((session) => {
    const data = isBnplProvider(session.provider_id) ? readSessionData(session.data) : undefined
    return data ? [{ cart_id: data.cart_id, loan_id: data.loan_id }] : []
  })
  const rows = await ledgerOf(container).listUndecidedLoansPaying({ payment_collection_id: collection.id })
  const byLoan = new Map([...fromSessions, ...rows.map(({ cart_id, loan_id }) => ({ cart_id, loan_id }))].map((loan) => [loan.loan_id, loan]))
  return [...byLoan.values()].sort((a, b) => b.loan_id - a.loan_id)
}

/** The unpaid sale of the order's open collection, or a 400 saying why there is none. */
async function pendingSale(container: MedusaContainer, orderId: string) {
  const order = await readOrder(container, orderId)
  const found = saleSessionOf(order)
  if (!found || found.session.status !== "pending") throw refuse(`Order ${orderId} has no payment by phone waiting to be paid.`)
  return found
}

/** POST resend: the link of the unpaid loan again, to the same phone or another. */
export async function resendByPhone(container: MedusaContainer, orderId: string, body: ResendBody): Promise<InStoreJson> {
  const { client, options } = bnplFromContainer(container)
  if (!options.merchantUrl) {
    throw refuse("Sending a link again needs the service's merchant host: set BNPL_MERCHANT_URL.")
  }
  const { session, data } = await pendingSale(container, orderId)
  const phone = body.phone ?? data.in_store.phone
  await client.sendCheckout(data.cart_id, { target: { phoneNumber: phone }, channels: [SEND_CHANNEL[body.channel]] }).catch((error) => {
    if (error instanceof BnplServiceError && error.isRefusal) {
      throw refuse(`The service would not send the link of loan ${data.loan_id} again (${error.message}).`)
    }
    throw error
  })
  await container.resolve(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    amount: session.amount,
    currency_code: session.currency_code,
    data: { ...session.data, in_store: { ...data.in_store, phone, channel: body.channel } },
  })
  return inStoreSaleOf(container, orderId)
}

/** POST cancel: the unpaid loan cancelled at the service, its session deleted. */
export async function cancelByPhone(container: MedusaContainer, orderId: string): Promise<InStoreJson> {
  const { client } = bnplFromContainer(container)
  const { session, data, collectionId } = await pendingSale(container, orderId)
  const holder = { type: "order_balance" as const, payment_collection_id: collectionId, service_cart_id: data.cart_id }
  await underLocks(container, holderLocksOf(container, [holder]), async () => {
    const { loan, cancelled } = await client.cancelIfUnpaid(data.cart_id, data.loan_id, "cancelled by the store").catch((error) => {
      throw asMedusaError(error, `cancel loan ${data.loan_id}`)
    })
    if (loan && isPaid(loan)) throw refuse(`Loan ${loan.loanId} is already paid: refund it instead.`)
    if (loan?.status === "REQUEST" && !cancelled) {
      throw new MedusaError(MedusaError.Types.CONFLICT, `The service did not cancel loan ${data.loan_id}. Try again in a moment.`)
    }
    await deletePaymentSessionsWorkflow(container).run({ input: { ids: [session.id] } })
  })
  return inStoreSaleOf(container, orderId)
}

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : 0)
