import { getCartEligibility } from "./api"
import { kitLang, type Lang } from "./lang"
import { KIT_TEXTS } from "./messages"
import { errorMessage, type BnplSdk, type StoreOrder } from "./sdk"
import type { CartEligibility } from "./wire"

/**
 * Where a shopper returning from the financing service stands, with a sentence to show:
 * - `order`: placed (now, or earlier by the service's webhook);
 * - `cancelled`: the loan was cancelled or declined; the cart is intact;
 * - `not_paid`: the first installment is still unpaid;
 * - `paid_unconfirmed`: paid, but the order is not placed yet; the store finishes it by
 *   itself (webhook, reconciliation), so tell the shopper and do not start another loan;
 * - `error`: the store could not be asked.
 *
 * When the store places orders before their financing (`order_before_financing`), the cart is an
 * order already: `order` only once its loan is paid; `not_paid` while the order waits for the first
 * installment (`installmentCheckoutUrl` answers the loan's page again); `cancelled` when the loan
 * ended unpaid, which cancels the order too.
 */
export type ReturnState =
  | { state: "order"; order: StoreOrder; message: string }
  | { state: "cancelled" | "not_paid" | "paid_unconfirmed"; message: string }
  | { state: "error"; message: string; detail?: string }

export interface CompleteOnReturnOptions {
  /** Which return URL the shopper came back to: the service's success or error URL. */
  outcome?: "success" | "error"
  /** Completions tried before giving up (a bounded wait: attempts × delayMs at most). */
  attempts?: number
  delayMs?: number
  lang?: Lang | string
  /** Called before each completion attempt, to show progress. */
  onAttempt?: (attempt: number, attempts: number) => void
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * On the return pages: completes the cart when its loan is paid. Completing a completed
 * cart answers the same order, so this may race the webhook safely. When the payment is
 * not confirmed yet, it tries again `attempts` times, `delayMs` apart, then answers a state.
 */
export async function completeOnReturn(sdk: BnplSdk, cartId: string, options: CompleteOnReturnOptions = {}): Promise<ReturnState> {
  const { attempts = 5, delayMs = 1500, onAttempt, sleep = wait } = options
  const lang = kitLang(options.lang)
  const texts = KIT_TEXTS[lang]
  const eligibility = () => getCartEligibility(sdk, cartId, { lang }).catch(() => undefined)

  if (options.outcome === "error") {
    const known = await eligibility()
    if (known?.next_step === "pay_order") return { state: "not_paid", message: texts.orderNotPaid }
    const paidOrOrdered = known?.next_step === "complete_cart" || known?.next_step === "show_order"
    if (!paidOrOrdered) return { state: "cancelled", message: texts.cancelled }
  }

  let known: CartEligibility | undefined
  let detail: string | undefined
  for (let attempt = 1; attempt <= attempts; attempt++) {
    onAttempt?.(attempt, attempts)
    const result = await sdk.store.cart.complete(cartId).catch((error: unknown) => ({ type: "failed" as const, message: errorMessage(error) }))
    if (result.type === "order") {
      if (!awaitsPayment(result.order)) return { state: "order", order: result.order, message: texts.order }
      // An order placed before its financing exists before the money does: it counts once the loan is paid.
      known = await eligibility()
      const awaited = known?.order_before_financing ? known.loan?.status : undefined
      if (!awaited || awaited === "paid") return { state: "order", order: result.order, message: texts.order }
      if (awaited === "cancelled") return { state: "cancelled", message: texts.orderCancelled }
      if (attempt === attempts) return { state: "not_paid", message: texts.orderNotPaid }
      if (attempt < attempts) await sleep(delayMs)
      continue
    }
    detail = result.type === "cart" ? result.error?.message : result.message
    known = await eligibility()
    if (known?.loan?.status === "cancelled" && known.next_step === "pay") return { state: "cancelled", message: texts.cancelled }
    if (attempt < attempts) await sleep(delayMs)
  }
  if (known?.loan?.status === "paid") return { state: "paid_unconfirmed", message: texts.paidUnconfirmed }
  if (known?.loan?.status === "pending") return { state: "not_paid", message: texts.notPaid }
  return { state: "error", message: texts.error, detail }
}

/** No payment collection of the order is paid or authorized yet (Medusa's default order fields carry them). */
function awaitsPayment(order: StoreOrder): boolean {
  const collections = order.payment_collections ?? []
  return collections.length > 0 && collections.every((collection) => collection.status === "not_paid" || collection.status === "awaiting")
}
