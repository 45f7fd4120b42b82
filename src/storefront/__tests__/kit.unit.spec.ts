import Medusa from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/framework/types"
import { getCartEligibility, getOffer } from "../api"
import { InstallmentCheckoutError, installmentCheckoutUrl, startInstallmentCheckout } from "../checkout"
import { completeOnReturn } from "../complete"
import { buildOffer } from "../offer-rules"
import type { BnplSdk, StoreCart } from "../sdk"
import type { CartEligibility, CartLoan } from "../wire"
import { StubFetchError, stubSdk } from "./sdk-stub"

const RULES = { currencies: ["mxn"], minAmount: 1, maxAmount: 100_000, installments: 4, installmentFrequencyDays: 14 }
const CART = { id: "cart_1", payment_collection: { id: "paycol_1" } } as StoreCart
const ORDER = { id: "order_1", display_id: 7 } as HttpTypes.StoreOrder
const noSleep = async () => {}

function eligibility(loan: CartLoan | null, nextStep: CartEligibility["next_step"]): CartEligibility {
  const offer = buildOffer("500", "mxn", RULES, "es-MX")
  return {
    cart_id: "cart_1",
    available: nextStep === "pay",
    reason: null,
    next_step: nextStep,
    offer,
    loan,
    loans: loan ? [loan] : [],
    status_known: true,
    lang: "es-MX",
  }
}
const loan = (status: CartLoan["status"]): CartLoan => ({ loan_id: 5001, status, order_id: null, checkout_url: null })
const notPaidYet = () => ({
  type: "cart" as const,
  cart: { id: "cart_1" } as HttpTypes.StoreCart,
  error: { message: "The first installment of loan 5001 has not been paid yet.", name: "x", type: "payment_authorization_error" },
})

describe("the kit fits the real SDK", () => {
  it("accepts a Medusa js-sdk instance as its BnplSdk", () => {
    const sdk: BnplSdk = new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_test" })
    expect(typeof sdk.client.fetch).toBe("function")
  })
})

describe("getOffer and getCartEligibility", () => {
  it("ask the two store routes with the amount, the currency and the language", async () => {
    const offer = buildOffer("1234.50", "mxn", RULES, "en")
    const { sdk, calls } = stubSdk({ fetch: (path) => (path === "/store/bnpl/offer" ? { offer } : { bnpl: eligibility(null, "pay") }) })
    expect(await getOffer(sdk, { amount: 1234.5, currencyCode: "mxn", lang: "en" })).toBe(offer)
    expect((await getCartEligibility(sdk, "cart 1/x")).next_step).toBe("pay")
    // navigator.language passed straight through: es-AR is Spanish, fr-FR English, as the kit renders them.
    await getOffer(sdk, { amount: "10", currencyCode: "mxn", lang: "fr-FR" })
    await getCartEligibility(sdk, "cart_2", { lang: "es-AR" })
    expect(calls).toEqual([
      { kind: "fetch", path: "/store/bnpl/offer", query: { amount: "1234.5", currency_code: "mxn", lang: "en" } },
      { kind: "fetch", path: "/store/carts/cart%201%2Fx/bnpl", query: {} },
      { kind: "fetch", path: "/store/bnpl/offer", query: { amount: "10", currency_code: "mxn", lang: "en" } },
      { kind: "fetch", path: "/store/carts/cart_2/bnpl", query: { lang: "es-MX" } },
    ])
  })
})

describe("startInstallmentCheckout", () => {
  it("creates the pp_bnpl_bnpl session and answers the page to send the shopper to", async () => {
    const { sdk, calls } = stubSdk({
      initiate: () => ({
        payment_collection: {
          payment_sessions: [
            { id: "ps_sys", provider_id: "pp_system_default", data: {} },
            { id: "ps_1", provider_id: "pp_bnpl_bnpl", data: { checkout_url: "http://service.test/checkout/5001?token=t", loan_id: 5001 } },
          ],
        } as HttpTypes.StorePaymentCollection,
      }),
    })
    await expect(startInstallmentCheckout(sdk, CART)).resolves.toEqual({
      checkoutUrl: "http://service.test/checkout/5001?token=t",
      loanId: 5001,
      sessionId: "ps_1",
    })
    expect(calls).toEqual([{ kind: "initiate", cartId: "cart_1", body: { provider_id: "pp_bnpl_bnpl" } }])
  })

  it("passes on the store's refusal with its status and message", async () => {
    const { sdk } = stubSdk({
      initiate: () => {
        throw new StubFetchError("This cart's loan is already paid; complete the cart.", 400)
      },
    })
    const error = await startInstallmentCheckout(sdk, CART).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InstallmentCheckoutError)
    expect(error).toMatchObject({ kind: "refused", status: 400, message: "This cart's loan is already paid; complete the cart." })
  })

  it("refuses an answer without a checkout page", async () => {
    const { sdk } = stubSdk({
      initiate: () => ({ payment_collection: { payment_sessions: [] as HttpTypes.StorePaymentSession[] } as HttpTypes.StorePaymentCollection }),
    })
    await expect(startInstallmentCheckout(sdk, CART)).rejects.toMatchObject({ kind: "no_checkout_url" })
  })
})

describe("installmentCheckoutUrl", () => {
  const RETURN = "/mx/checkout/bnpl/success?cart_id=cart_1"
  const withUrl = (status: CartLoan["status"]): CartLoan => ({ ...loan(status), checkout_url: "http://service.test/checkout/5001?token=t" })
  const newSession = () => ({
    payment_collection: {
      payment_sessions: [
        {
          id: "ps_2",
          provider_id: "pp_bnpl_bnpl",
          amount: 500,
          currency_code: "mxn",
          status: "pending" as const,
          data: { checkout_url: "http://service.test/checkout/5002?token=u", loan_id: 5002 },
        },
      ] as HttpTypes.StorePaymentSession[],
    } as HttpTypes.StorePaymentCollection,
  })

  it("reuses the pending loan of the session the payment step made: no second session", async () => {
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: eligibility(withUrl("pending"), "pay") }) })
    await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN, lang: "es-MX" })).resolves.toBe("http://service.test/checkout/5001?token=t")
    expect(calls.map((c) => c.kind)).toEqual(["fetch"])
  })

  it("starts a new loan when the last one was cancelled, or none can be resumed", async () => {
    for (const last of [withUrl("cancelled"), loan("pending"), null]) {
      const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: eligibility(last, "pay") }), initiate: newSession })
      await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN })).resolves.toBe("http://service.test/checkout/5002?token=u")
      expect(calls.map((c) => c.kind)).toEqual(["fetch", "initiate"])
    }
  })

  it("sends a paid or ordered cart to the return page, and refuses an ineligible one with the shopper's reason", async () => {
    for (const step of ["complete_cart", "show_order"] as const) {
      const { sdk } = stubSdk({ fetch: () => ({ bnpl: eligibility(loan("paid"), step) }) })
      await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN })).resolves.toBe(RETURN)
    }
    const reason = { code: "above_maximum" as const, message: "El pago a plazos está disponible para compras de hasta $100,000.00 MXN." }
    const { sdk } = stubSdk({ fetch: () => ({ bnpl: { ...eligibility(null, "choose_another_method"), reason } }) })
    await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN })).rejects.toMatchObject({ kind: "unavailable", message: reason.message })
  })
})

describe("installmentCheckoutUrl when the store places orders before their financing", () => {
  const RETURN = "/mx/checkout/bnpl/success?cart_id=cart_1"
  const pending = { ...loan("pending"), checkout_url: "http://service.test/checkout/5001?token=t" }

  it("completes the cart before it answers the loan's page, so the order holds the stock while the shopper pays", async () => {
    const { sdk, calls } = stubSdk({
      fetch: () => ({ bnpl: { ...eligibility(pending, "pay"), order_before_financing: true } }),
      complete: () => ({ type: "order", order: ORDER }),
    })
    await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN })).resolves.toBe(pending.checkout_url)
    expect(calls.map((c) => c.kind)).toEqual(["fetch", "complete"])
  })

  it("does not send the shopper away when the store refuses the order", async () => {
    const { sdk } = stubSdk({
      fetch: () => ({ bnpl: { ...eligibility(pending, "pay"), order_before_financing: true } }),
      complete: () => ({ ...notPaidYet(), error: { message: "Out of stock", name: "x", type: "not_allowed" } }),
    })
    await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN })).rejects.toMatchObject({ kind: "refused", message: "Out of stock" })
  })

  it("sends the shopper of an order awaiting its financing to the loan's page again", async () => {
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: eligibility(pending, "pay_order") }) })
    await expect(installmentCheckoutUrl(sdk, CART, { returnUrl: RETURN })).resolves.toBe(pending.checkout_url)
    expect(calls.map((c) => c.kind)).toEqual(["fetch"])
  })
})

describe("completeOnReturn when the store places orders before their financing", () => {
  const AWAITING = { ...ORDER, payment_collections: [{ id: "paycol_1", status: "not_paid" }] } as unknown as HttpTypes.StoreOrder
  const orderFirst = (status: CartLoan["status"]) => ({ bnpl: { ...eligibility(loan(status), "show_order"), order_before_financing: true } })

  it("answers the order once its loan is paid", async () => {
    const { sdk } = stubSdk({ complete: () => ({ type: "order", order: AWAITING }), fetch: () => orderFirst("paid") })
    await expect(completeOnReturn(sdk, "cart_1", { lang: "en" })).resolves.toMatchObject({ state: "order", order: AWAITING })
  })

  it("waits while the order's loan is unpaid, then says the order waits for the first installment", async () => {
    const { sdk, calls } = stubSdk({ complete: () => ({ type: "order", order: AWAITING }), fetch: () => orderFirst("pending") })
    await expect(completeOnReturn(sdk, "cart_1", { lang: "en", attempts: 3, sleep: noSleep })).resolves.toEqual({
      state: "not_paid",
      message: "Your order is reserved and waits for the first installment: pay it to confirm the order.",
    })
    expect(calls.filter((c) => c.kind === "complete")).toHaveLength(3)
  })

  it("says the order went with a loan that ended unpaid", async () => {
    const { sdk } = stubSdk({ complete: () => ({ type: "order", order: AWAITING }), fetch: () => orderFirst("cancelled") })
    await expect(completeOnReturn(sdk, "cart_1", { lang: "en" })).resolves.toMatchObject({
      state: "cancelled",
      message: expect.stringContaining("your order with it"),
    })
  })

  it("on the error return, sends the shopper of an order still awaiting its loan back to pay it", async () => {
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: { ...eligibility(loan("pending"), "pay_order"), order_before_financing: true } }) })
    await expect(completeOnReturn(sdk, "cart_1", { outcome: "error", lang: "en" })).resolves.toMatchObject({ state: "not_paid" })
    expect(calls.map((c) => c.kind)).toEqual(["fetch"])
  })

  it("asks nothing more for an order whose payment is authorized", async () => {
    const paid = { ...ORDER, payment_collections: [{ id: "paycol_1", status: "authorized" }] } as unknown as HttpTypes.StoreOrder
    const { sdk, calls } = stubSdk({ complete: () => ({ type: "order", order: paid }) })
    await expect(completeOnReturn(sdk, "cart_1")).resolves.toMatchObject({ state: "order" })
    expect(calls.map((c) => c.kind)).toEqual(["complete"])
  })
})

describe("completeOnReturn", () => {
  it("places the order on the first try when the loan is confirmed", async () => {
    const { sdk, calls } = stubSdk({ complete: () => ({ type: "order", order: ORDER }) })
    await expect(completeOnReturn(sdk, "cart_1", { lang: "en" })).resolves.toEqual({
      state: "order",
      order: ORDER,
      message: "Your order is confirmed.",
    })
    expect(calls.map((c) => c.kind)).toEqual(["complete"])
  })

  it("retries while paid but not yet confirmed, then places the order", async () => {
    let completes = 0
    const { sdk, calls } = stubSdk({
      complete: () => (++completes < 3 ? notPaidYet() : { type: "order", order: ORDER }),
      fetch: () => ({ bnpl: eligibility(loan("paid"), "complete_cart") }),
    })
    const attempts: number[] = []
    const result = await completeOnReturn(sdk, "cart_1", { sleep: noSleep, onAttempt: (n) => attempts.push(n) })
    expect(result.state).toBe("order")
    expect(attempts).toEqual([1, 2, 3])
    expect(calls.filter((c) => c.kind === "complete")).toHaveLength(3)
  })

  it("gives up after the bounded wait with a clear state: paid but unconfirmed, or not paid", async () => {
    const sleeps: number[] = []
    const paid = stubSdk({ complete: notPaidYet, fetch: () => ({ bnpl: eligibility(loan("paid"), "complete_cart") }) })
    const result = await completeOnReturn(paid.sdk, "cart_1", { attempts: 4, delayMs: 700, sleep: async (ms) => void sleeps.push(ms) })
    expect(result).toEqual({ state: "paid_unconfirmed", message: expect.stringContaining("Recibimos tu pago") })
    expect(paid.calls.filter((c) => c.kind === "complete")).toHaveLength(4)
    expect(sleeps).toEqual([700, 700, 700])

    const pending = stubSdk({ complete: notPaidYet, fetch: () => ({ bnpl: eligibility(loan("pending"), "pay") }) })
    // A storefront in a language the store does not speak reads English, as the kit's components do.
    await expect(completeOnReturn(pending.sdk, "cart_1", { attempts: 2, sleep: noSleep, lang: "fr-FR" })).resolves.toEqual({
      state: "not_paid",
      message: "The first installment has not been paid yet. Try again, or choose another way to pay.",
    })
  })

  it("stops at once when the loan was cancelled", async () => {
    const { sdk, calls } = stubSdk({ complete: notPaidYet, fetch: () => ({ bnpl: eligibility(loan("cancelled"), "pay") }) })
    await expect(completeOnReturn(sdk, "cart_1", { sleep: noSleep })).resolves.toMatchObject({ state: "cancelled" })
    expect(calls.filter((c) => c.kind === "complete")).toHaveLength(1)
  })

  it("on the error return, completes nothing unless the loan is paid", async () => {
    const cancelled = stubSdk({ fetch: () => ({ bnpl: eligibility(loan("pending"), "pay") }) })
    await expect(completeOnReturn(cancelled.sdk, "cart_1", { outcome: "error", lang: "en" })).resolves.toEqual({
      state: "cancelled",
      message: "The payment in installments was cancelled. Nothing was charged, and your cart is still here.",
    })
    expect(cancelled.calls.map((c) => c.kind)).toEqual(["fetch"])

    const paid = stubSdk({ fetch: () => ({ bnpl: eligibility(loan("paid"), "complete_cart") }), complete: () => ({ type: "order", order: ORDER }) })
    await expect(completeOnReturn(paid.sdk, "cart_1", { outcome: "error" })).resolves.toMatchObject({ state: "order" })
  })

  it("says the store could not be asked when every call fails", async () => {
    const { sdk } = stubSdk({
      complete: () => {
        throw new StubFetchError("Internal error", 500)
      },
      fetch: () => {
        throw new StubFetchError("Internal error", 500)
      },
    })
    await expect(completeOnReturn(sdk, "cart_1", { attempts: 2, sleep: noSleep, lang: "en" })).resolves.toEqual({
      state: "error",
      message: "We could not confirm your order. Try again in a moment.",
      detail: "Internal error",
    })
  })
})
