import express, { type Request, type Response, type Router } from "express"
import type { SandboxContext } from "../context"
import { SandboxClosedError } from "../lifecycle"
import { merchantOf } from "../loans"
import { sameSecret } from "../merchants"
import { payLoan } from "../payment"
import type { Loan } from "../state"
import { messagePage, sendPage } from "./html"
import { checkoutPage } from "./page"
import { checkoutTexts } from "./texts"

/** The customer's side of a loan: the checkout page and its two buttons. */
export function checkoutRoutes(ctx: SandboxContext): Router {
  const router = express.Router()
  router.use(express.urlencoded({ extended: false }))
  // Where an in-store loan's customer lands after the buttons: a phone has no store page to go back to.
  router.get("/paid", (req, res) => {
    const t = checkoutTexts(req)
    sendPage(res, 200, messagePage(t.paidTitle, t.paid, t))
  })
  router.get("/not-paid", (req, res) => {
    const t = checkoutTexts(req)
    sendPage(res, 200, messagePage(t.notPaidTitle, t.notPaid, t))
  })
  router.get("/:loanId", (req, res) => {
    const loan = linkedLoan(ctx, req, res)
    if (!loan) return
    if (loan.status !== "REQUEST") return sendPage(res, 200, notPayablePage(ctx, req, loan))
    sendPage(res, 200, checkoutPage(loan, merchantOf(ctx, loan).name, new Date(), checkoutTexts(req)))
  })
  router.post("/:loanId/pay", (req, res, next) => {
    pay(ctx, req, res).catch(next)
  })
  router.post("/:loanId/cancel", (req, res) => {
    const loan = linkedLoan(ctx, req, res)
    // The customer walks away; the loan stays REQUEST, as the service never cancels by itself.
    if (loan) res.redirect(303, loan.request.errorUrl)
  })
  return router
}

/**
 * Sends the customer back to the store at once: nothing says the service waits for its
 * webhook, so the store's success page may open before the store knows of the payment.
 * The `checkoutWaitsForWebhook` extension waits for the first attempt.
 */
async function pay(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const loan = linkedLoan(ctx, req, res)
  if (!loan) return
  if (loan.status !== "REQUEST") return sendPage(res, 409, notPayablePage(ctx, req, loan))
  const delivered = payLoan(ctx, loan.loanId)
  if (ctx.extensions.checkoutWaitsForWebhook) {
    try {
      await delivered
    } catch (error) {
      if (error instanceof SandboxClosedError) return
      throw error
    }
  } else {
    delivered.catch((error: unknown) => {
      if (!(error instanceof SandboxClosedError)) ctx.log(`[sandbox] webhook of loan ${loan.loanId} failed: ${(error as Error).message}`)
    })
  }
  res.redirect(303, loan.request.successUrl)
}

/** The loan behind a checkout link, or undefined once an error page has been sent. */
function linkedLoan(ctx: SandboxContext, req: Request, res: Response): Loan | undefined {
  const loan = /^\d+$/.test(req.params.loanId) ? ctx.state.loans.get(Number(req.params.loanId)) : undefined
  const token = typeof req.query.token === "string" ? req.query.token : ""
  const t = checkoutTexts(req)
  if (!loan || !sameSecret(loan.checkoutToken, token)) {
    sendPage(res, 404, messagePage(t.notFoundTitle, t.notFound, t))
    return undefined
  }
  if (loan.expired) {
    sendPage(res, 410, messagePage(t.expiredTitle, t.expired, t, merchantOf(ctx, loan).name))
    return undefined
  }
  return loan
}

function notPayablePage(ctx: SandboxContext, req: Request, loan: Loan): string {
  const t = checkoutTexts(req)
  return messagePage(t.notPayableTitle, t.notPayable(loan.loanId, loan.cartId, loan.status), t, merchantOf(ctx, loan).name)
}
