import type { RequestHandler } from "express"
import { branchesOf } from "../branches"
import type { SandboxContext } from "../context"
import { createInStoreLoan } from "../in-store"
import { describeIssues } from "../issues"
import { checkoutUrl } from "../loans"
import { qrPngBase64 } from "../qr/png"
import { qrDataUrl } from "../qr/svg"
import { PosLoanRequest, type PosLoanCreated } from "../wire"
import { withExtraFields } from "./extra-fields"
import { posMerchant } from "./pos-merchant"
import { sendServiceError } from "./service-errors"
import { answerWrite } from "./write-reply"

/**
 * POST /api/pos/loan (docs/sandbox.md, "Sales by phone"): an in-store loan for a customer's
 * phone; its checkout link goes to the outbox, and with `commChannel: "q"` the answer carries
 * it as a QR code too. Refused requests create nothing and send nothing.
 */
export function posLoanRoute(ctx: SandboxContext): RequestHandler {
  return (req, res) => {
    const merchant = posMerchant(ctx, req, res)
    if (!merchant) return
    const parsed = PosLoanRequest.safeParse(req.body)
    if (!parsed.success) return sendServiceError(req, res, 400, describeIssues(parsed.error) + spellingHint(req.body))
    const request = parsed.data
    const outcome = createInStoreLoan(ctx, merchant, request)
    switch (outcome.kind) {
      case "unknown-branch": {
        const known = branchesOf(ctx.state, merchant.merchantId).map((branch) => branch.branchId)
        const reason = `shopId: merchant ${merchant.merchantId} has no branch ${request.shopId} (its branches: ${known.join(", ") || "none"}); POST /merchant/create-branch registers one`
        return sendServiceError(req, res, 400, reason)
      }
      case "cart-taken": {
        const { loan } = outcome
        const reason = `cartId: ${request.cartId} already has loan ${loan.loanId} (${loan.status}); a cartId is unique across the merchant's branches: use a new one, or send its checkout again with POST /merchant/send-checkout/${request.cartId}`
        return sendServiceError(req, res, 400, reason)
      }
      case "created": {
        const { loan } = outcome
        const url = checkoutUrl(ctx, loan)
        const answer: PosLoanCreated = withExtraFields(ctx, {
          message: "payment created",
          cartId: loan.cartId,
          loanId: loan.loanId,
          url,
          ...(request.commChannel === "q" ? qrOf(ctx, url) : {}),
        })
        // Applied before the reply can be lost: the loan exists and the link was sent either way.
        return answerWrite(ctx, req, res, "posLoan", `in-store loan ${loan.loanId} created`, answer)
      }
    }
  }
}

/** The QR of a `q` sale in the shape `answers.posQr` asks for. */
function qrOf(ctx: SandboxContext, url: string): { qr?: string } {
  switch (ctx.answers.posQr) {
    case "svg-data-url":
      return { qr: qrDataUrl(url) }
    case "png-base64":
      return { qr: qrPngBase64(url) }
    case "link-text":
      return { qr: url }
    case "none":
      return {}
  }
}

/** The online API spells it `webHookUrl`; a client that reuses its code is told why `webhookUrl` is missing. */
function spellingHint(body: unknown): string {
  const online = typeof body === "object" && body !== null && "webHookUrl" in body && !("webhookUrl" in body)
  return online ? "; this API spells it webhookUrl, with a lower-case h" : ""
}
