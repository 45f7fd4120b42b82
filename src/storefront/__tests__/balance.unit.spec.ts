import { balanceCheckoutUrl, confirmBalanceOnReturn, getBalanceEligibility } from "../balance"
import { InstallmentCheckoutError } from "../checkout"
import type { BalanceEligibility } from "../wire"
import { StubFetchError, stubSdk } from "./sdk-stub"

const PC = "pay_col_01BALANCE"

function balance(over: Partial<BalanceEligibility> = {}): BalanceEligibility {
  return {
    payment_collection_id: PC,
    order_id: "order_1",
    amount: 1499,
    currency_code: "mxn",
    available: true,
    reason: null,
    next_step: "pay",
    offer: {
      available: true,
      reason: null,
      currency_code: "mxn",
      amount: 1499,
      plan: { installments: 4, frequency_days: 14, amounts: [374.75, 374.75, 374.75, 374.75] },
      limits: { min_amount: 1, max_amount: 50000, currencies: ["mxn"] },
      lang: "es-MX",
    },
    loan: null,
    loans: [],
    status_known: true,
    lang: "es-MX",
    provider_id: "pp_bnpl_bnpl",
    ...over,
  }
}

const session = (url: string, providerId: string) => ({
  payment_collection: { payment_sessions: [{ provider_id: providerId, data: { checkout_url: url, loan_id: 7 } }] },
})

describe("getBalanceEligibility", () => {
  it("asks the store's payment-link route with the shopper's language", async () => {
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: balance() }) })
    expect(await getBalanceEligibility(sdk, PC, { lang: "en-US" })).toMatchObject({ next_step: "pay" })
    expect(calls).toEqual([{ kind: "fetch", path: `/store/bnpl/payment-collections/${PC}`, query: { lang: "en" } }])
  })
})

describe("balanceCheckoutUrl", () => {
  it("starts the loan on the balance's payment collection with the store's provider and answers its page", async () => {
    const { sdk, calls } = stubSdk({
      fetch: (path) =>
        path.endsWith("/payment-sessions")
          ? session("https://service.test/pay/7", "pp_bnpl_shop")
          : { bnpl: balance({ provider_id: "pp_bnpl_shop" }) },
    })
    expect(await balanceCheckoutUrl(sdk, PC, { returnUrl: "https://shop.test/back" })).toBe("https://service.test/pay/7")
    expect(calls[1]).toMatchObject({
      path: `/store/payment-collections/${PC}/payment-sessions`,
      method: "POST",
      body: { provider_id: "pp_bnpl_shop" },
    })
  })

  it("resumes the balance's pending loan: no second session", async () => {
    const pending = { loan_id: 7, status: "pending" as const, order_id: null, checkout_url: "https://service.test/pay/7" }
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: balance({ loan: pending, loans: [pending] }) }) })
    expect(await balanceCheckoutUrl(sdk, PC, { returnUrl: "https://shop.test/back" })).toBe("https://service.test/pay/7")
    expect(calls).toHaveLength(1)
  })

  it("sends a paid balance to the return page, and refuses an ineligible one with the shopper's reason", async () => {
    const paid = stubSdk({ fetch: () => ({ bnpl: balance({ next_step: "paid", available: false }) }) })
    expect(await balanceCheckoutUrl(paid.sdk, PC, { returnUrl: "https://shop.test/back" })).toBe("https://shop.test/back")
    const reason = { code: "below_minimum" as const, message: "El pago a plazos está disponible para compras desde $500.00." }
    const refused = stubSdk({ fetch: () => ({ bnpl: balance({ next_step: "choose_another_method", available: false, reason }) }) })
    await expect(balanceCheckoutUrl(refused.sdk, PC, { returnUrl: "x" })).rejects.toMatchObject({ kind: "unavailable", message: reason.message })
  })

  it("passes on the store's refusal to start the loan", async () => {
    const { sdk } = stubSdk({
      fetch: (path) => {
        if (path.endsWith("/payment-sessions")) throw new StubFetchError("This balance is already paid.", 400)
        return { bnpl: balance() }
      },
    })
    const error = await balanceCheckoutUrl(sdk, PC, { returnUrl: "x" }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InstallmentCheckoutError)
    expect(error).toMatchObject({ kind: "refused", message: "This balance is already paid." })
  })
})

describe("confirmBalanceOnReturn", () => {
  const noWait = async () => {}

  it("asks the store to confirm until the paid loan is recorded, then says the balance is paid", async () => {
    const answers = [balance({ next_step: "confirming" }), balance({ next_step: "paid" })]
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: answers.shift() }) })
    const state = await confirmBalanceOnReturn(sdk, PC, { lang: "de-DE", sleep: noWait })
    expect(state).toMatchObject({ state: "paid", message: "Your order's balance is paid." })
    expect(calls.map((c) => [c.path, c.method])).toEqual([
      [`/store/bnpl/payment-collections/${PC}/confirm`, "POST"],
      [`/store/bnpl/payment-collections/${PC}/confirm`, "POST"],
    ])
  })

  it("stops after its attempts with the loan paid and unrecorded: the store finishes it by itself", async () => {
    const { sdk, calls } = stubSdk({ fetch: () => ({ bnpl: balance({ next_step: "confirming" }) }) })
    expect(await confirmBalanceOnReturn(sdk, PC, { attempts: 3, sleep: noWait })).toMatchObject({ state: "paid_unconfirmed" })
    expect(calls).toHaveLength(3)
  })

  it("says the balance is not paid, or that the store could not be asked", async () => {
    const unpaid = stubSdk({ fetch: () => ({ bnpl: balance() }) })
    expect(await confirmBalanceOnReturn(unpaid.sdk, PC, { sleep: noWait })).toMatchObject({ state: "not_paid" })
    const down = stubSdk({
      fetch: () => {
        throw new StubFetchError("Service unavailable", 503)
      },
    })
    expect(await confirmBalanceOnReturn(down.sdk, PC, { sleep: noWait })).toMatchObject({ state: "error", detail: "Service unavailable" })
  })
})
