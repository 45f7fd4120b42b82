import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { useSandbox } from "../helpers/environment"
import { cartOf, oddPricedVariant, pricesIncludeIva } from "../helpers/iva"
import { reconciled } from "../helpers/reconcile"
import { receiveReturn } from "../helpers/returns"
import { adminHeaders, useStorefront } from "../helpers/store"
import { until } from "../helpers/until"

jest.setTimeout(180_000)

/**
 * A Mexican store charges 16% IVA. Prices without it leave Medusa's totals with more than two
 * decimals (16% IVA on 99.99 is 115.9884) while the service speaks centavos: each path that
 * moves a loan's money must leave Medusa's refunds equal to the service's within a centavo,
 * never more refunded in Medusa than its payment captured, and nothing that the shopper owes.
 */
const env = useSandbox({}, { BNPL_REFUND_CHECK_HOURS: "0", BNPL_RECONCILE_GRACE_SECONDS: "0" })

type Raw = { raw_amount: BigNumberInput }
interface OrderRow {
  status: string
  total: number
  summary: { pending_difference: number }
  items: Array<{ id: string }>
  payment_collections: Array<{ payments: Array<{ id: string; captures: Raw[]; refunds: Raw[] }> }>
}

const exactSum = (rows: Raw[]) => rows.reduce<BigNumberInput>((sum, row) => MathBN.add(sum, row.raw_amount), 0)
const cents = (amount: BigNumberInput) => Math.round(Number(amount) * 100)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    let variantId = ""
    beforeAll(async () => {
      variantId = await oddPricedVariant(getContainer(), shop)
    })

    const ledger = () => getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
    const loanAtService = (loanId: number) => env.sandbox.state.loans.get(loanId)!
    const refundedAtServiceCents = (loanId: number) => (loanAtService(loanId).refunds ?? []).reduce((sum, r) => sum + cents(r.totalAmount), 0)

    async function order(orderId: string): Promise<OrderRow> {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: [
            "status",
            "total",
            "summary.pending_difference",
            "items.id",
            "payment_collections.payments.id",
            "payment_collections.payments.captures.raw_amount",
            "payment_collections.payments.refunds.raw_amount",
          ],
          filters: { id: orderId },
        })
      return data[0] as OrderRow
    }

    /** What Medusa captured and refunded on the order's payments, exact. */
    async function medusaBooks(orderId: string) {
      const payments = (await order(orderId)).payment_collections.flatMap((c) => c.payments)
      return {
        paymentId: payments[0].id,
        captured: MathBN.convert(exactSum(payments.flatMap((p) => p.captures))),
        refunded: MathBN.convert(exactSum(payments.flatMap((p) => p.refunds))),
      }
    }

    /** The rule for money at the end of a path: the two books agree within a centavo, and Medusa refunds no more than it captured. */
    async function expectBooksAgree(orderId: string, loanId: number) {
      const { captured, refunded } = await medusaBooks(orderId)
      const atService = refundedAtServiceCents(loanId) / 100
      expect(MathBN.lte(refunded, captured)).toBe(true)
      expect(Math.abs(Number(MathBN.sub(refunded, atService)))).toBeLessThan(0.01)
    }

    describe.each([
      ["prices include IVA", true],
      ["prices without IVA, odd centavos", false],
    ])("%s", (_mode, includeIva) => {
      /** An order of `quantity` units at 99.99 and the shipping, its loan paid and completed by the storefront (captured at once, the default). */
      async function paidOrder(quantity: number) {
        await pricesIncludeIva(getContainer(), shop.store.regionId, includeIva)
        const cart = await cartOf(api, shop, variantId, quantity)
        const session = await shop.bnplSession(cart.id)
        await env.sandbox.pay(session.data.loan_id)
        const completed = await shop.complete(cart.id)
        expect([completed.data.type, completed.data.message]).toEqual(["order", undefined])
        return { orderId: completed.data.order.id as string, loanId: session.data.loan_id, cart }
      }

      it("the loan is the cart's total rounded half-up to the centavo, once, and the order owes nothing", async () => {
        const { orderId, loanId, cart } = await paidOrder(1)

        // 99.99 and 99 with IVA included; 115.9884 and 114.84 without.
        expect(cart.total).toBe(includeIva ? 198.99 : 230.8284)
        expect(loanAtService(loanId).request.totalPrice).toBe(includeIva ? 198.99 : 230.83)
        const placed = await order(orderId)
        expect(Number(placed.total)).toBe(cart.total)
        expect(Number(placed.summary.pending_difference)).toBe(0)
        const { captured } = await medusaBooks(orderId)
        expect(Number(captured)).toBe(cart.total)
      })

      it("three units: the store's own cancel with its refund rejected, then Refund in full: the service refunds the loan, Medusa no more than it captured", async () => {
        const { orderId, loanId, cart } = await paidOrder(3)
        expect(cart.total).toBe(includeIva ? 398.97 : 462.8052)
        const loanAmount = loanAtService(loanId).request.totalPrice
        env.sandbox.setFaults({ refund: { rejectNext: 1 } })
        await cancelOrderWorkflow(getContainer()).run({ input: { order_id: orderId }, throwOnError: false })
        const row = await until(
          async () => (await ledger().listBnplLoans({ loan_id: loanId }))[0],
          (r) => r.state === "needs_attention",
        )
        expect(row.state).toBe("needs_attention")

        const refund = await api.post(`/admin/bnpl/loans/${row.id}/refund`, {}, await adminHeaders(api))

        expect([refund.status, refund.data.message]).toEqual([200, undefined])
        expect(refundedAtServiceCents(loanId)).toBe(cents(loanAmount))
        const { captured, refunded } = await medusaBooks(orderId)
        expect(Number(refunded)).toBe(Number(captured))
        await expectBooksAgree(orderId, loanId)
      })

      it("a refund of 50, then the admin's cancel: the service holds 50 and the rest, Medusa the whole payment, nothing pending", async () => {
        const { orderId, loanId } = await paidOrder(1)
        const admin = await adminHeaders(api)
        const { paymentId } = await medusaBooks(orderId)
        expect((await api.post(`/admin/payments/${paymentId}/refund`, { amount: 50 }, admin)).status).toBe(200)

        const cancel = await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)

        expect(cancel.status).toBe(200)
        const loanAmount = loanAtService(loanId).request.totalPrice
        expect(loanAtService(loanId).refunds.map((r) => Number(r.totalAmount))).toEqual([50, Number((loanAmount - 50).toFixed(2))])
        const { captured, refunded } = await medusaBooks(orderId)
        expect(Number(refunded)).toBe(Number(captured))
        await expectBooksAgree(orderId, loanId)
        const done = await order(orderId)
        expect(done.status).toBe("canceled")
        expect(Math.abs(Number(done.summary.pending_difference))).toBeLessThan(0.005)
        await until(
          async () => (await ledger().listBnplLoans({ loan_id: loanId }))[0].state,
          (state) => state === "refunded",
        )
      })

      it("a return of one unit refunded from the order page for what the order owes: the refund check finds the books agree", async () => {
        const { orderId, loanId } = await paidOrder(3)
        const admin = await adminHeaders(api)
        const [item] = (await order(orderId)).items
        await createOrderFulfillmentWorkflow(getContainer()).run({ input: { order_id: orderId, items: [{ id: item.id, quantity: 1 }] } })
        await receiveReturn(api, admin, orderId, [{ id: item.id, quantity: 1 }])
        const owed = -Number((await order(orderId)).summary.pending_difference)
        // One unit: 99.99 with IVA included, 115.9884 without.
        expect(owed).toBe(includeIva ? 99.99 : 115.9884)
        const { paymentId } = await medusaBooks(orderId)

        const refund = await api.post(`/admin/payments/${paymentId}/refund`, { amount: owed }, admin)

        expect(refund.status).toBe(200)
        expect(loanAtService(loanId).refunds.map((r) => r.totalAmount)).toEqual([includeIva ? "99.99" : "115.99"])
        await expectBooksAgree(orderId, loanId)
        expect(Math.abs(Number((await order(orderId)).summary.pending_difference))).toBeLessThan(0.005)
        await reconciled(api, admin)
        expect((await ledger().listBnplLoans({ loan_id: loanId }))[0]).toMatchObject({ state: "ordered", attention_reason: null })
        // The order's card flags refunds that differ by a centavo, not Medusa's extra decimals (115.9884 against 115.99).
        const card = await api.get(`/admin/bnpl/orders/${orderId}/loan`, admin)
        expect(card.data.ledger).toMatchObject({ refunded_at_service: includeIva ? 99.99 : 115.99, refunds_agree: true })
      })
    })
  },
})
