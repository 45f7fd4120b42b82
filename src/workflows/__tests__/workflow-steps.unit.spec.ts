import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { WorkflowManager } from "@medusajs/framework/orchestration"
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { cancelAbandonedLoanWorkflow } from "../cancel-abandoned-loan"
import { cancelByPhoneWorkflow } from "../cancel-by-phone"
import { openOrderCollectionWorkflow } from "../open-order-collection"
import { prepareCartCompletionWorkflow } from "../prepare-cart-completion"
import { refundReceivedReturnWorkflow } from "../refund-received-return"
import { checkRefundsWorkflow, refundCheckWorkflow } from "../refund-check"
import { refundLoanWorkflow } from "../refund-loan"
import { resendByPhoneWorkflow } from "../resend-by-phone"
import { resumePaidLoanWorkflow } from "../resume-paid-loan"
import { sellByPhoneWorkflow } from "../sell-by-phone"
import { settleRefundWorkflow } from "../settle-refund"
import { startLoanSessionWorkflow } from "../start-loan-session"

/**
 * The workflows that move a loan's money, read as Medusa runs them: each step in its order, and
 * whether a compensation undoes it. The order is the money's (a refund is never sent before the
 * live-order refusal, the row records a refund after it was sent, a session is cancelled after
 * the loan is), and a step that reaches the service or moves money has no compensation.
 */
type Flow = { action?: string; noCompensation?: boolean; next?: Flow | Flow[] }

/** The workflow's steps in order, `+` marking those a compensation undoes; parallel steps as `a | b`. */
function stepsOf(workflow: { getName(): string }): string[] {
  const flow = WorkflowManager.getWorkflow(workflow.getName())!.flow_ as Flow
  const steps: string[] = []
  const name = (step: Flow) => `${step.noCompensation ? "" : "+"}${step.action}`
  let at: Flow | Flow[] | undefined = flow.action ? flow : flow.next
  while (at) {
    if (Array.isArray(at)) {
      steps.push(at.map(name).join(" | "))
      at = at.find((step) => step.next)?.next
    } else {
      steps.push(name(at))
      at = at.next
    }
  }
  return steps
}

const LOCKED = (...steps: string[]) => ["bnpl-holder-of-ledger-row", "bnpl-holder-locks", "+acquire-lock-step", ...steps, "release-lock-step"]

describe("the steps of the loan workflows", () => {
  it("the refund check: reads, then the book's findings (never undone), then the row (undone)", () => {
    expect(stepsOf(checkRefundsWorkflow)).toEqual([
      "bnpl-read-ledger-row",
      "bnpl-read-loan-at-service | bnpl-read-order-payment",
      "bnpl-book-medusa-refunds",
      "bnpl-book-outside-refunds",
      "+bnpl-record-refund-check",
    ])
    expect(stepsOf(refundCheckWorkflow)).toEqual(LOCKED("+bnpl-check-refunds-as-step"))
  })

  it("a refund in full: refused for a live order before anything is sent; the row records it after, the session is cancelled last", () => {
    expect(stepsOf(refundLoanWorkflow)).toEqual(
      LOCKED(
        "bnpl-read-ledger-row",
        "bnpl-read-order-payment",
        "bnpl-refund-released-rest",
        "+bnpl-check-refunds-as-step",
        "bnpl-refund-rest-order-released",
        "bnpl-read-live-order-of-loan",
        "bnpl-refuse-refund-of-live-order",
        "bnpl-refund-captured-through-medusa",
        "bnpl-refund-loan-in-full",
        "bnpl-record-refunded-in-full",
        "bnpl-cancel-waiting-session",
        "bnpl-refund-all-that-remains",
      ),
    )
  })

  it("an abandoned loan: cancelled at the service, then its session, its row and its order", () => {
    expect(stepsOf(cancelAbandonedLoanWorkflow)).toEqual(
      LOCKED(
        "bnpl-read-ledger-row",
        "bnpl-read-cart-payment",
        "bnpl-cancel-loan-at-service",
        "bnpl-cancel-waiting-session",
        "+bnpl-record-loan-cancelled",
        "bnpl-cancel-awaiting-order",
      ),
    )
  })

  it("a settled refund: the entry, Medusa's record of it under the lock, then the refund check", () => {
    expect(stepsOf(settleRefundWorkflow)).toEqual([
      ...LOCKED(
        "bnpl-read-ledger-row",
        "bnpl-read-refund-entry-to-settle",
        "+bnpl-dismiss-refund-entry",
        "bnpl-refund-amount-to-record",
        "bnpl-read-service-loan | bnpl-read-book-of-cart | bnpl-read-order-payment",
        "bnpl-refuse-refund-amount",
        "+bnpl-record-refund-entry",
        "bnpl-refund-entry-recorded",
        "+bnpl-record-refund-in-medusa",
        "+add-order-transaction",
        "bnpl-link-medusa-refund",
      ),
      "+bnpl-refund-check-as-step",
    ])
  })

  it("a cart's completion: checked, then the refused loan listed or the completion marked, each undone with the workflow", () => {
    expect(stepsOf(prepareCartCompletionWorkflow)).toEqual([
      "bnpl-check-cart-completion",
      "+bnpl-list-loan-as-step",
      "+bnpl-mark-completion-started-as-step",
    ])
  })

  it("a return's refund: under the carts' locks, the refunds, then what stays owed listed", () => {
    expect(stepsOf(refundReceivedReturnWorkflow)).toEqual([
      "bnpl-order-loan-carts",
      "bnpl-holder-locks",
      "+acquire-lock-step",
      "bnpl-refund-received-return",
      "+bnpl-list-loan-as-step",
      "release-lock-step",
    ])
  })

  it("a paid loan resumed: each read only once the one before allows it, then the session", () => {
    expect(stepsOf(resumePaidLoanWorkflow)).toEqual(
      LOCKED(
        "bnpl-read-ledger-row",
        "bnpl-read-cart-payment",
        "bnpl-read-loan-at-service | bnpl-read-order-of-holder | bnpl-read-payment-collection",
        "bnpl-cart-open-for-loan",
        "bnpl-read-loan-holder",
        "bnpl-read-loan-cart",
        "bnpl-plan-loan-resumption",
        "+create-payment-sessions-as-step",
        "+bnpl-record-resumed-session",
      ),
    )
  })
})

describe("a loan's session", () => {
  // The two reads readLoanCartStep makes in their place (payment-session-of-collection.ts): a
  // Medusa that reads more, or steps otherwise, fails here.
  const MEDUSA_READS = ["get-payment-collection", "validate-payment-provider-in-region"]

  it("Medusa's createPaymentSessionsWorkflow: its two reads, then the steps the plugin's session runs as they are", () => {
    expect(stepsOf(createPaymentSessionsWorkflow)).toEqual([
      ...MEDUSA_READS,
      "get-customer",
      "create-payment-account-holder",
      "customer-id-exists",
      "create-remote-links",
      "+create-payment-session | +delete-payment-sessions-as-step",
    ])
  })

  it("the reads before the lock find the holder; under it, the loan's reads, the refusals, Medusa's steps without its reads, the row", () => {
    expect(stepsOf(startLoanSessionWorkflow)).toEqual([
      "bnpl-read-loan-holder",
      "bnpl-refuse-excluded-products",
      "bnpl-holder-locks",
      "+acquire-lock-step",
      "bnpl-read-loan-cart | bnpl-plan-paid-loan",
      "bnpl-refund-replaced-loans",
      "bnpl-refuse-paid-cart",
      "bnpl-refuse-provider-outside-region",
      ...stepsOf(createPaymentSessionsWorkflow).filter((step) => !MEDUSA_READS.includes(step)),
      "bnpl-record-loan-session | bnpl-read-payment-collection",
      "release-lock-step",
    ])
  })
})

describe("the steps of a sale by phone", () => {
  it("a sale: refused before any lock; under the collection's lock, read again, earlier loans settled and cancelled, the request recorded before the loan is made; a failed sale's loans cancelled after the release; nothing undone", () => {
    expect(stepsOf(sellByPhoneWorkflow)).toEqual([
      "bnpl-read-sale-by-phone",
      "bnpl-open-order-collection-as-step",
      "bnpl-sale-by-phone-holder",
      "bnpl-holder-locks",
      "+acquire-lock-step",
      "bnpl-read-collection-to-sell",
      "bnpl-settle-loan-requests-of-collection",
      "bnpl-cancel-unpaid-loans-of-collection",
      "bnpl-record-loan-request",
      "bnpl-create-sale-session",
      "bnpl-record-loan-session",
      "bnpl-settle-loan-request-as-step",
      "release-lock-step",
      "bnpl-end-failed-sale",
    ])
  })

  it("a converted draft order's collection: opened under the order's lock once read again, and kept whatever fails after", () => {
    expect(stepsOf(openOrderCollectionWorkflow)).toEqual([
      "bnpl-order-lock",
      "+acquire-lock-step",
      "bnpl-read-order-asked",
      "create-order-payment-collection-as-step",
      "bnpl-read-open-collection",
      "release-lock-step",
    ])
  })

  it("a cancel: the loan at the service before its session, under the collection's lock; a link sent again before its session says so", () => {
    expect(stepsOf(cancelByPhoneWorkflow)).toEqual([
      "bnpl-read-pending-sale",
      "bnpl-holder-locks",
      "+acquire-lock-step",
      "bnpl-cancel-sale-at-service",
      "+delete-payment-sessions-as-step",
      "release-lock-step",
    ])
    expect(stepsOf(resendByPhoneWorkflow)).toEqual([
      "bnpl-refuse-resend-without-merchant-host",
      "bnpl-read-pending-sale",
      "bnpl-send-link-again",
      "+bnpl-record-sale-phone",
    ])
  })
})

describe("the steps' files", () => {
  const dir = join(__dirname, "..", "steps")
  const files = readdirSync(dir).filter((file) => file.endsWith(".ts"))

  it("each step id is declared once in src/workflows/steps", () => {
    const ids = files.flatMap((file) => [...readFileSync(join(dir, file), "utf8").matchAll(/StepId = "([^"]+)"/g)].map((m) => m[1]))
    expect(ids.length).toBeGreaterThan(40)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })
})
