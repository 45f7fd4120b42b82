import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { WorkflowManager } from "@medusajs/framework/orchestration"
import { cancelAbandonedLoanWorkflow } from "../cancel-abandoned-loan"
import { prepareCartCompletionWorkflow } from "../prepare-cart-completion"
import { refundReceivedReturnWorkflow } from "../refund-received-return"
import { checkRefundsWorkflow, refundCheckWorkflow } from "../refund-check"
import { refundLoanWorkflow } from "../refund-loan"
import { resumePaidLoanWorkflow } from "../resume-paid-loan"
import { settleRefundWorkflow } from "../settle-refund"

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

describe("the steps' files", () => {
  const dir = join(__dirname, "..", "steps")
  const files = readdirSync(dir).filter((file) => file.endsWith(".ts"))

  it("each step id is declared once in src/workflows/steps", () => {
    const ids = files.flatMap((file) => [...readFileSync(join(dir, file), "utf8").matchAll(/StepId = "([^"]+)"/g)].map((m) => m[1]))
    expect(ids.length).toBeGreaterThan(40)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })
})
