import type { RequestHandler } from "express"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { checkoutUrl, createLoan } from "../loans"
import { totalsProblem } from "../loan-totals"
import { type LoanCreated, LoanRequest } from "../wire"
import { bearerMerchant } from "./bearer-merchant"
import { sendServiceError } from "./service-errors"
import { answerWrite } from "./write-reply"

/** POST /api/loan: creates a loan and answers its checkout link (docs/service-api.md, "Loan creation"). */
export function loanRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = bearerMerchant(ctx, req, res)
    if (!merchant) return
    const parsed = LoanRequest.safeParse(req.body)
    if (!parsed.success) return sendServiceError(req, res, 400, describeIssues(parsed.error))
    const problem = totalsProblem(parsed.data)
    if (problem) return sendServiceError(req, res, 400, problem)
    const loan = createLoan(ctx, merchant, parsed.data)
    const created: LoanCreated = { url: checkoutUrl(ctx, loan), loanId: loan.loanId }
    answerWrite(ctx, req, res, "loan", `loan ${loan.loanId} created`, created)
  }
}
