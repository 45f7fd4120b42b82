import type { Request, RequestHandler, Response } from "express"
import type { SandboxContext } from "../context"
import { describeIssues } from "../issues"
import { checkoutUrl, createLoan } from "../loans"
import { totalsProblem } from "../loan-totals"
import type { Merchant } from "../state"
import { redeemToken } from "../tokens"
import { type LoanCreated, LoanRequest } from "../wire"
import { header } from "./notes"
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

/** The token is spent before the body is read: every request costs one, valid or not. */
function bearerMerchant(ctx: SandboxContext, req: Request, res: Response): Merchant | undefined {
  const redemption = redeemToken(ctx, header(req, "authorization"))
  if (!redemption.ok) {
    sendServiceError(req, res, 401, redemption.reason)
    return undefined
  }
  const merchantId = header(req, "merchant_id")
  if (merchantId !== String(redemption.merchantId)) {
    const given = merchantId === undefined ? "missing" : `'${merchantId}'`
    sendServiceError(req, res, 401, `merchant_id header is ${given}; it must be the merchantId the token was issued to`)
    return undefined
  }
  const merchant = ctx.state.merchants.find((candidate) => candidate.merchantId === redemption.merchantId)
  if (!merchant?.approved) sendServiceError(req, res, 401, `merchant ${redemption.merchantId} is not approved`)
  return merchant?.approved ? merchant : undefined
}
