import { InstallmentCheckoutError } from "./checkout"
import { kitLang, langQuery, type Lang } from "./lang"
import { KIT_TEXTS } from "./messages"
import { errorMessage, type BnplSdk } from "./sdk"
import type { BalanceEligibility, BalanceEligibilityResponse } from "./wire"

/**
 * The payment-link page of an order's balance: Medusa's admin copies
 * `{storefront}/payment-collection/{id}?order_id={order}` for a balance left by an order edit, an
 * exchange or a claim, and the store's plugin makes a loan for exactly that balance.
 */

const path = (paymentCollectionId: string) => `/store/bnpl/payment-collections/${encodeURIComponent(paymentCollectionId)}`

/** What the balance is, whether installments may pay it, what became of its loans, and `next_step`. */
export async function getBalanceEligibility(
  sdk: BnplSdk,
  paymentCollectionId: string,
  input: { lang?: Lang | string } = {},
): Promise<BalanceEligibility> {
  const { bnpl } = await sdk.client.fetch<BalanceEligibilityResponse>(path(paymentCollectionId), { query: langQuery(input.lang) })
  return bnpl
}

/**
 * Where the payment-link page's button sends the shopper: the balance's pending loan's page, else
 * a new loan's (the store builds it from the order, for exactly the balance). A balance that is
 * paid, or whose loan is paid and being recorded, goes to `returnUrl`.
 */
export async function balanceCheckoutUrl(
  sdk: BnplSdk,
  paymentCollectionId: string,
  options: { returnUrl: string; lang?: Lang | string },
): Promise<string> {
  const bnpl = await getBalanceEligibility(sdk, paymentCollectionId, { lang: options.lang })
  switch (bnpl.next_step) {
    case "paid":
    case "confirming":
      return options.returnUrl
    case "choose_another_method":
      throw new InstallmentCheckoutError(bnpl.reason?.message ?? "Pay in installments is not available for this balance.", "unavailable")
    case "pay": {
      const resumable = bnpl.loan && (bnpl.loan.status === "pending" || bnpl.loan.status === "unknown") ? bnpl.loan.checkout_url : null
      if (resumable) return resumable
      const { payment_collection } = await sdk.client
        .fetch<{ payment_collection: { payment_sessions?: Array<{ provider_id: string; data?: Record<string, unknown> }> } }>(
          `/store/payment-collections/${encodeURIComponent(paymentCollectionId)}/payment-sessions`,
          { method: "POST", body: { provider_id: bnpl.provider_id } },
        )
        .catch((error: unknown) => {
          throw new InstallmentCheckoutError(errorMessage(error) ?? "The store could not start the payment.", "refused")
        })
      const url = payment_collection.payment_sessions?.find((s) => s.provider_id === bnpl.provider_id)?.data?.checkout_url
      if (typeof url !== "string" || !url) throw new InstallmentCheckoutError(KIT_TEXTS[bnpl.lang].noCheckoutUrl, "no_checkout_url")
      return url
    }
  }
}

/**
 * Where a shopper back on the payment-link page stands: `paid`; `paid_unconfirmed` (the loan is
 * paid, the store records it by itself: do not start another); `not_paid`; `error`.
 */
export type BalanceReturnState =
  | { state: "paid" | "paid_unconfirmed" | "not_paid"; message: string; balance: BalanceEligibility }
  | { state: "error"; message: string; detail?: string }

/**
 * On the payment-link page, back from the service (`?bnpl=success`): asks the store to confirm
 * the balance's paid loan (it asks the service itself), again `attempts` times, `delayMs` apart,
 * while the loan is paid and not yet recorded.
 */
export async function confirmBalanceOnReturn(
  sdk: BnplSdk,
  paymentCollectionId: string,
  options: { attempts?: number; delayMs?: number; lang?: Lang | string; sleep?: (ms: number) => Promise<void> } = {},
): Promise<BalanceReturnState> {
  const { attempts = 5, delayMs = 1500, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = options
  const texts = KIT_TEXTS[kitLang(options.lang)]
  let balance: BalanceEligibility | undefined
  try {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(delayMs)
      ;({ bnpl: balance } = await sdk.client.fetch<BalanceEligibilityResponse>(`${path(paymentCollectionId)}/confirm`, {
        method: "POST",
        query: langQuery(options.lang),
      }))
      if (balance.next_step !== "confirming") break
    }
  } catch (error) {
    return { state: "error", message: texts.balanceError, detail: errorMessage(error) }
  }
  if (!balance) return { state: "error", message: texts.balanceError }
  if (balance.next_step === "paid") return { state: "paid", message: texts.balancePaid, balance }
  if (balance.next_step === "confirming") return { state: "paid_unconfirmed", message: texts.balancePaidUnconfirmed, balance }
  return { state: "not_paid", message: texts.balanceNotPaid, balance }
}
