import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { useSandbox } from "../helpers/environment"
import { until } from "../helpers/until"
import { adminHeaders, useStorefront } from "../helpers/store"
import { useOrderBalance } from "../helpers/balance"
import { reconciled } from "../helpers/reconcile"
import { balanceHolder } from "../../src/modules/bnpl/holder"
import { holderLockKey } from "../../src/lib/ledger/locks"
import { BNPL_LEDGER_MODULE, type BnplLedgerService } from "../../src/modules/bnpl"
import { SAMPLE_SHIPPING_ADDRESS } from "../../src/scripts/demo-data"

jest.setTimeout(180_000)

/**
 * Sales by phone (the service's in-store API) from the order page: the admin sends the
 * customer a link for what the order's open collection asks (here the balance of an order
 * edit), the customer pays on the phone, and the webhook (or reconciliation) authorizes the
 * collection through the same confirmation as every loan. Everything is asserted where a user
 * sees it: the routes' answers, Medusa's collections and the sandbox's loans and outbox.
 */
const env = useSandbox(
  {},
  { BNPL_RECONCILE_GRACE_SECONDS: "0", BNPL_IN_STORE_SHOP_ID: "1", BNPL_IN_STORE_CHANNELS: "w,q", BNPL_EXCLUDED_TAGS: "no-installments" },
)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const { collections, paidOrder, balanceOf, startBalanceLoan } = useOrderBalance(env, api, getContainer, shop)
    const PHONE = "5512345678"

    const send = async (orderId: string, body: Record<string, unknown>) =>
      api.post(`/admin/bnpl/orders/${orderId}/in-store`, body, await adminHeaders(api))
    const loansOfCollection = (collectionId: string) => [...env.sandbox.state.loans.values()].filter((l) => l.cartId.startsWith(`${collectionId}.`))
    const collection = async (orderId: string, id: string) => (await collections(orderId)).find((c) => c.id === id)!

    it("sends the link by WhatsApp for exactly what the collection asks; paid, the webhook captures the collection's payment, which refunds from the order page", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)
      env.sandbox.clearOutbox()

      const sent = await send(orderId, { phone: "55 1234-5678", channel: "w" })

      expect(sent.status).toBe(200)
      expect(sent.data).toMatchObject({
        payment_collection_id: balance.id,
        sale: { status: "REQUEST", phone: PHONE, phone_display: "55 1234 5678", channel: "w", qr: null },
      })
      const [loan] = loansOfCollection(balance.id)
      expect(loan.loanId).toBe(sent.data.sale.loan_id)
      expect(loan.posRequest).toMatchObject({ custLogin: PHONE, shopId: "1", commChannel: "w", webhookUrl: `${env.backendUrl}/hooks/bnpl` })
      expect(Number(loan.posRequest!.totalAmount)).toBe(Number(balance.amount))
      expect(env.sandbox.outbox().map((m) => [m.cartId, m.phone, m.channel])).toEqual([[loan.cartId, PHONE, "WHATSAPP"]])

      await env.sandbox.pay(loan.loanId)
      const paid = await until(
        () => collection(orderId, balance.id),
        (c) => c.payments.length === 1 && !!c.payments[0].captured_at,
      )
      expect(paid.payments[0].data.loan_id).toBe(loan.loanId)
      const [row] = await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: loan.loanId })
      expect(row).toMatchObject({ service_cart_id: loan.cartId, state: "ordered", order_id: orderId })
      const shown = await api.get(`/admin/bnpl/orders/${orderId}/in-store`, await adminHeaders(api))
      expect(shown.data).toMatchObject({ payment_collection_id: null, sale: { loan_id: loan.loanId, status: "OUTSTANDING", authorized: true } })

      const refund = await api.post(`/admin/payments/${paid.payments[0].id}/refund`, { amount: 10 }, await adminHeaders(api))
      expect(refund.status).toBe(200)
      expect((env.sandbox.state.loans.get(loan.loanId)?.refunds ?? []).map((r) => Number(r.totalAmount))).toEqual([10])
    })

    /** A draft order built and converted in the admin: an order with no payment and no cart, asking its whole total. */
    const convertedDraftOrder = async (quantity = 1): Promise<string> => {
      const headers = await adminHeaders(api)
      const draft = await api.post(
        "/admin/draft-orders",
        {
          region_id: shop.store.regionId,
          sales_channel_id: shop.store.salesChannelId,
          email: "cliente.telefono@example.com",
          shipping_address: SAMPLE_SHIPPING_ADDRESS,
          billing_address: SAMPLE_SHIPPING_ADDRESS,
          items: [{ variant_id: shop.store.variantIds[1], quantity }],
        },
        headers,
      )
      expect(draft.status).toBe(200)
      expect((await api.post(`/admin/draft-orders/${draft.data.draft_order.id}/convert-to-order`, {}, headers)).status).toBe(200)
      return draft.data.draft_order.id
    }

    it("a draft order built and converted in the admin: the card asks its whole total, the link goes by WhatsApp, the customer pays from the outbox, the webhook captures it", async () => {
      const headers = await adminHeaders(api)
      const orderId = await convertedDraftOrder(2)
      const { data } = await api.get(`/admin/orders/${orderId}?fields=total,status,*payment_collections`, headers)
      expect(data.order).toMatchObject({ status: "pending", payment_collections: [] })
      const total = Number(data.order.total)
      expect(total).toBeGreaterThan(0)

      // What the card shows before anything is sent: the whole total asked, the phone of the shipping address.
      const card = await api.get(`/admin/bnpl/orders/${orderId}/in-store`, headers)
      expect(card.status).toBe(200)
      expect(card.data).toMatchObject({ payment_collection_id: null, currency_code: "mxn", phone_suggestion: "3312345678", sale: null })
      expect(Number(card.data.amount)).toBe(total)

      const sent = await send(orderId, { phone: card.data.phone_suggestion, channel: "w" })

      expect(sent.status).toBe(200)
      const asking = await collections(orderId)
      expect(asking.map((c) => [c.status, Number(c.amount)])).toEqual([["not_paid", total]])
      expect(sent.data).toMatchObject({
        payment_collection_id: asking[0].id,
        sale: { status: "REQUEST", phone: "3312345678", phone_display: "33 1234 5678", channel: "w", qr: null, authorized: false },
      })
      const posLoans = env.sandbox.state.requests.filter((r) => r.method === "POST" && r.path === "/api/pos/loan")
      expect(posLoans).toHaveLength(1)
      expect(posLoans[0].body).toMatchObject({ custLogin: "3312345678", shopId: "1", commChannel: "w", webhookUrl: `${env.backendUrl}/hooks/bnpl` })
      expect(Number((posLoans[0].body as { totalAmount: string }).totalAmount)).toBe(total)
      const [loan] = loansOfCollection(asking[0].id)
      expect(loan.loanId).toBe(sent.data.sale.loan_id)
      const outbox = env.sandbox.outbox()
      expect(outbox.map((m) => [m.loanId, m.phone, m.channel])).toEqual([[loan.loanId, "3312345678", "WHATSAPP"]])

      // The customer opens the link on the phone and presses the page's Pay button.
      const page = await fetch(outbox[0].link)
      expect(page.status).toBe(200)
      const action = /<form method="post" action="([^"]*\/pay[^"]*)"/.exec(await page.text())?.[1]
      expect(action).toBeDefined()
      const paid = await fetch(new URL(action!.replace(/&amp;/g, "&"), outbox[0].link), { method: "POST", redirect: "manual" })
      expect(paid.status).toBe(303)

      // Medusa's capture writes the payment's captured_at, then the collection's status: waited for both.
      const captured = await until(
        () => collection(orderId, asking[0].id),
        (c) => c.payments.length === 1 && !!c.payments[0].captured_at && c.status === "completed",
      )
      expect(captured).toMatchObject({ status: "completed", payments: [{ data: { loan_id: loan.loanId } }] })
      await env.sandbox.idle() // the webhook's answer comes back after Medusa captured
      expect(env.sandbox.state.webhooks.filter((w) => w.loanId === loan.loanId).map((w) => w.status)).toEqual([200])
      const [row] = await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: loan.loanId })
      expect(row).toMatchObject({ service_cart_id: loan.cartId, state: "ordered", order_id: orderId })
      const shown = await api.get(`/admin/bnpl/orders/${orderId}/in-store`, headers)
      expect(shown.data).toMatchObject({
        payment_collection_id: null,
        amount: null,
        sale: { loan_id: loan.loanId, status: "OUTSTANDING", authorized: true },
      })
    })

    it("answers the QR; Send again reaches another phone; a second link cancels the first; Cancel cancels the last and removes its session", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)
      env.sandbox.clearOutbox()

      const qr = await send(orderId, { phone: PHONE, channel: "q" })
      expect(qr.status).toBe(200)
      expect(qr.data.sale.qr).toMatch(/^data:image\/svg\+xml/)
      const first = qr.data.sale.loan_id as number

      const again = await api.post(`/admin/bnpl/orders/${orderId}/in-store/resend`, { phone: "5587654321", channel: "w" }, await adminHeaders(api))
      expect(again.status).toBe(200)
      expect(again.data.sale).toMatchObject({ loan_id: first, phone: "5587654321", channel: "w" })
      expect(env.sandbox.outbox().map((m) => [m.loanId, m.phone, m.channel])).toEqual([
        [first, PHONE, "QR"],
        [first, "5587654321", "WHATSAPP"],
      ])

      const second = await send(orderId, { phone: PHONE, channel: "w" })
      expect(second.status).toBe(200)
      expect(second.data.sale.loan_id).not.toBe(first)
      expect(loansOfCollection(balance.id).map((l) => [l.loanId, l.status])).toEqual([
        [first, "CANCELLED"],
        [second.data.sale.loan_id, "REQUEST"],
      ])

      const cancelled = await api.post(`/admin/bnpl/orders/${orderId}/in-store/cancel`, {}, await adminHeaders(api))
      expect(cancelled.status).toBe(200)
      expect(loansOfCollection(balance.id).map((l) => l.status)).toEqual(["CANCELLED", "CANCELLED"])
      const { data } = await getContainer()
        .resolve("query")
        .graph({ entity: "payment_collection", fields: ["payment_sessions.id"], filters: { id: balance.id } })
      expect((data[0] as { payment_sessions: unknown[] }).payment_sessions).toEqual([])
    })

    it.each([
      ["a PNG as bare base64", "png-base64", /^data:image\/png;base64,/],
      ["the link as text", "link-text", /^data:image\/svg\+xml;base64,/],
      ["no QR at all", "none", /^data:image\/svg\+xml;base64,/],
    ] as const)("a QR sale answered with %s shows a QR a browser can show, and the link", async (_shape, posQr, image) => {
      const { orderId } = await paidOrder()
      await balanceOf(orderId)
      env.sandbox.setAnswers({ posQr })
      try {
        const sent = await send(orderId, { phone: PHONE, channel: "q" })
        expect(sent.status).toBe(200)
        const [message] = env.sandbox.outbox().filter((m) => m.loanId === sent.data.sale.loan_id)
        expect(sent.data.sale).toMatchObject({ channel: "q", status: "REQUEST", url: message.link })
        expect(sent.data.sale.qr).toMatch(image)
        const card = await api.get(`/admin/bnpl/orders/${orderId}/in-store`, await adminHeaders(api))
        expect(card.data.sale).toMatchObject({ qr: sent.data.sale.qr, url: message.link })
      } finally {
        env.sandbox.setAnswers({ posQr: "svg-data-url" })
      }
    })

    const cancelOrder = async (orderId: string) => api.post(`/admin/orders/${orderId}/cancel`, {}, await adminHeaders(api))
    const orderStatus = async (orderId: string) =>
      (await api.get(`/admin/orders/${orderId}?fields=status`, await adminHeaders(api))).data.order.status
    const rowOf = async (loanId: number) =>
      (await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: loanId }))[0]

    it("cancelling an order with a link out cancels the link at the service first; the cancelled order offers nothing to send", async () => {
      const orderId = await convertedDraftOrder()
      const sent = await send(orderId, { phone: PHONE, channel: "w" })
      expect(sent.status).toBe(200)
      const loanId: number = sent.data.sale.loan_id

      const cancelled = await cancelOrder(orderId)

      expect(cancelled.status).toBe(200)
      expect(await orderStatus(orderId)).toBe("canceled")
      expect(env.sandbox.state.loans.get(loanId)?.status).toBe("CANCELLED")
      expect(await rowOf(loanId)).toMatchObject({ state: "cancelled", loan_status: "CANCELLED" })
      const card = await api.get(`/admin/bnpl/orders/${orderId}/in-store`, await adminHeaders(api))
      expect(card.data).toMatchObject({ amount: null, payment_collection_id: null })
      const again = await send(orderId, { phone: PHONE, channel: "w" })
      expect(again.status).toBe(400)
      expect(again.data.message).toBe(`Order ${orderId} is cancelled: there is nothing to pay by phone.`)
      expect([...env.sandbox.state.loans.values()].filter((l) => l.posRequest && l.loanId > loanId)).toEqual([])
    })

    it("an order whose link the service cannot cancel is not cancelled: 400 naming the loan; the next cancel goes through", async () => {
      const orderId = await convertedDraftOrder()
      const sent = await send(orderId, { phone: PHONE, channel: "w" })
      const loanId: number = sent.data.sale.loan_id

      env.sandbox.setFaults({ cancel: { errorRate: 1 } })
      const refused = await cancelOrder(orderId).finally(() => env.sandbox.setFaults({}))

      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain(`Order ${orderId} was not cancelled: its customer could still pay loan ${loanId}`)
      expect(await orderStatus(orderId)).not.toBe("canceled")
      expect(env.sandbox.state.loans.get(loanId)?.status).toBe("REQUEST")
      expect(await rowOf(loanId)).toMatchObject({ state: "open" })

      expect((await cancelOrder(orderId)).status).toBe(200)
      expect(env.sandbox.state.loans.get(loanId)?.status).toBe("CANCELLED")
    })

    it("a link paid before the cancel, its webhook lost, is confirmed onto the order and refunded with the cancel", async () => {
      const orderId = await convertedDraftOrder()
      const sent = await send(orderId, { phone: PHONE, channel: "w" })
      const loanId: number = sent.data.sale.loan_id
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(loanId).finally(() => env.sandbox.setFaults({}))
      await until(
        async () => env.sandbox.state.loans.get(loanId)?.status,
        (status) => status === "OUTSTANDING",
      )

      const cancelled = await cancelOrder(orderId)

      expect(cancelled.status).toBe(200)
      const loan = env.sandbox.state.loans.get(loanId)!
      expect(loan.refunds.map((r) => Number(r.totalAmount))).toEqual([Number(sent.data.amount)])
      expect(await rowOf(loanId)).toMatchObject({ order_id: orderId })
    })

    const posLoansSent = () => env.sandbox.state.requests.filter((r) => r.method === "POST" && r.path === "/api/pos/loan").length

    it("a phone sale whose creation reply is lost: the loan the service made gets its row and is cancelled, the admin is told, Send again makes a new link", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)

      env.sandbox.setFaults({ posLoan: { applyThenFailNext: 1 } })
      const lost = await send(orderId, { phone: PHONE, channel: "w" }).finally(() => env.sandbox.setFaults({}))

      expect(lost.status).toBe(500)
      const [made] = loansOfCollection(balance.id)
      expect(lost.data.message).toContain(
        `after the service made loan ${made.loanId}, which was cancelled: the customer cannot pay it. Send the link again.`,
      )
      expect(made.status).toBe("CANCELLED")
      expect(await rowOf(made.loanId)).toMatchObject({
        holder: "order_balance",
        payment_collection_id: balance.id,
        service_cart_id: made.cartId,
        state: "cancelled",
      })

      const again = await send(orderId, { phone: PHONE, channel: "w" })
      expect(again.status).toBe(200)
      expect(loansOfCollection(balance.id).map((l) => [l.loanId, l.status])).toEqual([
        [made.loanId, "CANCELLED"],
        [again.data.sale.loan_id, "REQUEST"],
      ])
    })

    it.each([
      ["its webhook", false],
      ["reconciliation, its webhook lost", true],
    ])(
      "a lost creation reply while the status query is down: nothing more is sent until the service answers; the customer pays that first link, and %s makes it the order's payment",
      async (_path, webhookLost) => {
        const { orderId } = await paidOrder()
        const balance = await balanceOf(orderId)

        env.sandbox.setFaults({ posLoan: { applyThenFailNext: 1 }, status: { errorRate: 1 } })
        const lost = await send(orderId, { phone: PHONE, channel: "w" })
        const refused = await send(orderId, { phone: PHONE, channel: "w" }).finally(() => env.sandbox.setFaults({}))

        expect(lost.status).toBe(500)
        expect(lost.data.message).toContain("it cannot say now whether it made the loan")
        expect(refused.status).toBe(500)
        expect(refused.data.message).toContain("No new link is sent until it can")
        expect(posLoansSent()).toBe(1)
        const [made] = loansOfCollection(balance.id)
        expect(made.status).toBe("REQUEST")

        // The link reached the customer's phone: they pay it.
        if (webhookLost) env.sandbox.setFaults({ webhook: { dropRate: 1 } })
        await env.sandbox.pay(made.loanId).finally(() => env.sandbox.setFaults({}))
        if (webhookLost) await reconciled(api, await adminHeaders(api))
        const paid = await until(
          () => collection(orderId, balance.id),
          (c) => c.payments.length === 1 && !!c.payments[0].captured_at,
        )
        expect(paid.payments[0].data.loan_id).toBe(made.loanId)
        expect(await rowOf(made.loanId)).toMatchObject({ state: "ordered", order_id: orderId, payment_collection_id: balance.id })
        expect(made.refunds).toEqual([])
        if (!webhookLost) expect(env.sandbox.state.webhooks.filter((w) => w.loanId === made.loanId).map((w) => w.status)).toEqual([200])
      },
    )

    it("a paid sale whose webhook was lost is confirmed by reconciliation", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)
      const sent = await send(orderId, { phone: PHONE, channel: "w" })
      expect(sent.status).toBe(200)
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(sent.data.sale.loan_id)
      env.sandbox.setFaults({})
      expect((await collection(orderId, balance.id)).payments).toEqual([])

      const summary = await reconciled(api, await adminHeaders(api))

      const rows = await getContainer().resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ loan_id: sent.data.sale.loan_id })
      expect({ summary, rows }).toMatchObject({ summary: { authorized: 1 }, rows: [{ state: "ordered", order_id: orderId }] })
      expect((await collection(orderId, balance.id)).payments.map((p) => p.data.loan_id)).toEqual([sent.data.sale.loan_id])
    })

    it("a paid sale whose webhook was lost: a second send is refused with 400 naming the paid loan, no loan is made, the paid one is neither cancelled nor refunded", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)
      const sent = await send(orderId, { phone: PHONE, channel: "w" })
      expect(sent.status).toBe(200)
      const paidLoan: number = sent.data.sale.loan_id
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(paidLoan).finally(() => env.sandbox.setFaults({}))
      const sentBefore = posLoansSent()
      const statusBefore = env.sandbox.state.loans.get(paidLoan)!.status

      const again = await send(orderId, { phone: PHONE, channel: "w" })

      expect([again.status, again.data.message]).toEqual([
        400,
        `Loan ${paidLoan} of this collection is already paid: nothing is left to pay by phone.`,
      ])
      expect(posLoansSent()).toBe(sentBefore)
      expect(loansOfCollection(balance.id).map((l) => [l.loanId, l.status, l.refunds])).toEqual([[paidLoan, statusBefore, []]])
    })

    it("a paid sale whose webhook was lost, then the shopper opens the payment link of the same collection: the link takes the phone loan over, no second loan, the order is paid by it, nothing refunded", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)
      const sent = await send(orderId, { phone: PHONE, channel: "w" })
      expect(sent.status).toBe(200)
      const phoneLoan: number = sent.data.sale.loan_id
      env.sandbox.setFaults({ webhook: { dropRate: 1 } })
      await env.sandbox.pay(phoneLoan).finally(() => env.sandbox.setFaults({}))
      const loansBefore = env.sandbox.state.loans.size

      const started = await startBalanceLoan(balance.id)

      expect(started.status).toBe(200)
      const [session] = started.data.payment_collection.payment_sessions
      const phoneCartId = env.sandbox.state.loans.get(phoneLoan)!.cartId
      expect(session.data).toMatchObject({ loan_id: phoneLoan, service_cart_id: phoneCartId })
      expect(env.sandbox.state.loans.size).toBe(loansBefore)

      await reconciled(api, await adminHeaders(api))
      const paid = await until(
        () => collection(orderId, balance.id),
        (c) => c.payments.length === 1 && !!c.payments[0].captured_at,
      )
      expect(paid.payments.map((p) => p.data.loan_id)).toEqual([phoneLoan])
      expect(env.sandbox.state.loans.size).toBe(loansBefore)
      expect(env.sandbox.state.loans.get(phoneLoan)!.refunds).toEqual([])
      expect(await rowOf(phoneLoan)).toMatchObject({
        state: "ordered",
        order_id: orderId,
        service_cart_id: phoneCartId,
        payment_collection_id: balance.id,
      })
    })

    it("a send that waited for the collection's lock reads the collection again: paid meanwhile, it is refused and no loan is made", async () => {
      const { orderId } = await paidOrder()
      const balance = await balanceOf(orderId)
      const headers = await adminHeaders(api)
      const locking = getContainer().resolve(Modules.LOCKING)
      const key = holderLockKey(balanceHolder(balance.id))
      const sentBefore = posLoansSent()

      // Another holder of the collection (a webhook, a payment link's session, another admin) holds it while the admin presses Send.
      await locking.acquire(key, { ownerId: "other-holder", expire: 30 })
      const sending = send(orderId, { phone: PHONE, channel: "w" })
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect((await api.post(`/admin/payment-collections/${balance.id}/mark-as-paid`, { order_id: orderId }, headers)).status).toBe(200)
      await locking.release(key, { ownerId: "other-holder" })
      const sent = await sending

      expect([sent.status, sent.data.message]).toEqual([
        400,
        `Order ${orderId} has no payment collection that asks for money: there is nothing to pay by phone.`,
      ])
      expect(posLoansSent()).toBe(sentBefore)
      expect((await collection(orderId, balance.id)).payments.map((p) => p.data?.loan_id ?? null)).toEqual([null])
    })

    it("refuses bad input with 400 and makes no loan at the service", async () => {
      const { orderId } = await paidOrder()
      const loans = () => env.sandbox.state.loans.size
      const before = loans()
      // The order's only collection is paid: nothing asks for money.
      expect((await send(orderId, { phone: PHONE, channel: "w" })).status).toBe(400)
      await balanceOf(orderId)
      const refused = [
        await send(orderId, { phone: "12345", channel: "w" }),
        await send(orderId, { phone: PHONE, channel: "x" }),
        await send(orderId, { phone: PHONE, channel: "s" }), // not offered (BNPL_IN_STORE_CHANNELS=w,q)
        await send(orderId, { phone: PHONE, channel: "w", shop_id: "9" }),
        await send(orderId, { channel: "w" }),
      ]
      expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400])
      expect(refused[2].data.message).toMatch(/BNPL_IN_STORE_CHANNELS/)
      expect((await api.post(`/admin/bnpl/orders/${orderId}/in-store/resend`, { channel: "q" }, await adminHeaders(api))).status).toBe(400)
      expect((await api.post(`/admin/bnpl/orders/${orderId}/in-store/cancel`, {}, await adminHeaders(api))).status).toBe(400)
      expect(loans()).toBe(before)
    })

    it("refuses an amount above maxAmount, and an order holding a product the store does not finance, with 400 and no loan", async () => {
      const { orderId } = await paidOrder()
      const headers = await adminHeaders(api)
      // Six bicycles more: the balance is above BNPL_MAX_AMOUNT (50000).
      expect((await api.post("/admin/order-edits", { order_id: orderId }, headers)).status).toBe(200)
      const items = { items: [{ variant_id: shop.store.variantIds[0], quantity: 6 }] }
      expect((await api.post(`/admin/order-edits/${orderId}/items`, items, headers)).status).toBe(200)
      expect((await api.post(`/admin/order-edits/${orderId}/request`, {}, headers)).status).toBe(200)
      expect((await api.post(`/admin/order-edits/${orderId}/confirm`, {}, headers)).status).toBe(200)
      const before = env.sandbox.state.loans.size
      const tooMuch = await send(orderId, { phone: PHONE, channel: "w" })
      expect([tooMuch.status, tooMuch.data.message]).toEqual([400, expect.stringMatching(/from 1\.00 to 50000\.00 MXN/)])

      // The next order's added product gets the tag the store does not finance (last: it stays tagged).
      const next = await paidOrder()
      const products = getContainer().resolve(Modules.PRODUCT)
      const [variant] = await products.listProductVariants({ id: [shop.store.variantIds[1]] }, { select: ["id", "product_id"] })
      const [tag] = await products.createProductTags([{ value: "no-installments" }])
      await products.updateProducts(variant.product_id!, { tag_ids: [tag.id] })
      await balanceOf(next.orderId, 1)
      const excluded = await send(next.orderId, { phone: PHONE, channel: "w" })
      expect([excluded.status, excluded.data.message]).toEqual([400, expect.stringMatching(/does not finance/)])
      expect(env.sandbox.state.loans.size).toBe(before + 1) // the next order's own checkout loan, and nothing more
    })
  },
})
