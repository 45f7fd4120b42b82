import { getCartEligibility } from "./api"
import type { Lang } from "./lang"
import { BNPL_PROVIDER_ID, errorMessage, type BnplSdk, type StoreCart } from "./sdk"

/**
 * Why a checkout could not start: the store refused (its message says why), answered without a
 * page, or installments cannot pay this cart (the message is the shopper's reason).
 */
export class InstallmentCheckoutError extends Error {
  constructor(
    message: string,
    readonly kind: "refused" | "no_checkout_url" | "unavailable",
    readonly status?: number,
  ) {
    super(message)
    this.name = "InstallmentCheckoutError"
  }
}

export interface InstallmentCheckout {
  /** The financing service's checkout page: send the shopper there. */
  checkoutUrl: string
  loanId: number | undefined
  sessionId: string
}

/**
 * Starts paying `cart` in installments: creates the plugin's payment session (the plugin
 * builds the loan from the cart on the server) and answers the page to redirect to. Starting
 * again replaces the cart's unpaid loan; a cart whose loan is paid is refused (complete it
 * instead: `getCartEligibility` says `complete_cart`). `providerId` is the store's
 * (`getCartEligibility` answers it); `pp_bnpl_bnpl` when the store kept the default id.
 */
export async function startInstallmentCheckout(sdk: BnplSdk, cart: StoreCart, providerId = BNPL_PROVIDER_ID): Promise<InstallmentCheckout> {
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id: providerId }).catch((error: unknown) => {
    const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : undefined
    throw new InstallmentCheckoutError(errorMessage(error) ?? "The store could not start the payment.", "refused", status)
  })
  const session = payment_collection.payment_sessions?.find((s) => s.provider_id === providerId)
  const data = session?.data ?? {}
  const url = data.checkout_url
  if (!session || typeof url !== "string" || !url) {
    throw new InstallmentCheckoutError("The store started no installment plan for this cart.", "no_checkout_url")
  }
  return { checkoutUrl: url, loanId: typeof data.loan_id === "number" ? data.loan_id : undefined, sessionId: session.id }
}

/**
 * Where the payment button sends the shopper. The storefront's payment step has usually made
 * the plugin's session already: its pending loan's page is reused, so a checkout makes one
 * loan. A new loan starts only when there is none to resume (the last one was cancelled or
 * declined, or the cart changed). A cart whose loan is paid, or that is an order already, goes to
 * `returnUrl`, whose page completes it (`completeOnReturn`).
 *
 * When the store places orders before their financing (`order_before_financing`, the store's
 * `orderBeforeFinancing`), the cart is completed here, before the redirect: the order holds the
 * stock while the shopper pays, and the loan's page is where the shopper goes next.
 */
export async function installmentCheckoutUrl(sdk: BnplSdk, cart: StoreCart, options: { returnUrl: string; lang?: Lang | string }): Promise<string> {
  const bnpl = await getCartEligibility(sdk, cart.id, { lang: options.lang })
  switch (bnpl.next_step) {
    case "complete_cart":
    case "show_order":
      return options.returnUrl
    case "pay_order":
      return bnpl.loan?.checkout_url ?? options.returnUrl
    case "choose_another_method":
      throw new InstallmentCheckoutError(bnpl.reason?.message ?? "Pay in installments is not available for this cart.", "unavailable")
    case "pay": {
      const resumable = bnpl.loan && (bnpl.loan.status === "pending" || bnpl.loan.status === "unknown") ? bnpl.loan.checkout_url : null
      const url = resumable ?? (await startInstallmentCheckout(sdk, cart, bnpl.provider_id)).checkoutUrl
      if (bnpl.order_before_financing) await placeOrderBeforeFinancing(sdk, cart.id)
      return url
    }
  }
}

/**
 * Completes the cart before the shopper pays, when the store says `order_before_financing`: it
 * answers with the order, its payment pending until the loan's first installment is paid.
 */
export async function placeOrderBeforeFinancing(sdk: BnplSdk, cartId: string): Promise<void> {
  const result = await sdk.store.cart.complete(cartId).catch((error: unknown) => {
    throw new InstallmentCheckoutError(errorMessage(error) ?? "The store could not place the order.", "refused")
  })
  if (result.type !== "order") throw new InstallmentCheckoutError(result.error?.message ?? "The store could not place the order.", "refused")
}
