import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express"
import { z } from "zod"
import { branchesOf } from "../branches"
import type { SandboxContext } from "../context"
import type { SandboxControls } from "../controls"
import { SandboxError } from "../errors"
import { describeIssues } from "../issues"
import { checkoutUrl, findLoan } from "../loans"
import { Loan, type OutboxMessage } from "../state"
import { jsonBody } from "./body"

export interface SandboxUrls {
  url: string
  authUrl: string
  baseUrl: string
  /** The merchant host (send-checkout, create-branch): the service's third host, the same server here. */
  merchantUrl: string
}

/** A loan as the control API shows it: everything the sandbox knows, plus its checkout link. */
export const LoanView = Loan.extend({ checkoutUrl: z.string() })
export type LoanView = z.infer<typeof LoanView>

export function loanView(ctx: SandboxContext, loan: Loan): LoanView {
  return { ...loan, checkoutUrl: checkoutUrl(ctx, loan) }
}

/** The developer's side door, under /_sandbox: what the CLI talks to. */
export function controlApi(ctx: SandboxContext, controls: SandboxControls, urls: () => SandboxUrls): Router {
  const router = express.Router()
  router.use(jsonBody)
  router.get("/", (_req, res) => {
    const merchants = ctx.state.merchants.map(({ merchantId, name, approved }) => ({
      merchantId,
      name,
      approved,
      branches: branchesOf(ctx.state, merchantId).map((branch) => ({ branchId: branch.branchId, name: branch.name })),
    }))
    res.json({ ...urls(), merchants, loans: ctx.state.loans.size, outbox: ctx.state.outbox.length, installments: ctx.installments })
  })
  router.get("/loans", (_req, res) => res.json([...ctx.state.loans.values()].map((loan) => loanView(ctx, loan))))
  router.get("/loans/:loanId", (req, res) => res.json(loanView(ctx, findLoan(ctx, loanIdOf(req)))))
  router.post("/loans/:loanId/pay", (req, res, next) => {
    const loanId = loanIdOf(req)
    controls
      .pay(loanId)
      .then((delivery) => res.json({ loan: loanView(ctx, findLoan(ctx, loanId)), delivery }))
      .catch(next)
  })
  router.post("/loans/:loanId/decline", (req, res) => res.json(loanView(ctx, controls.decline(loanIdOf(req)))))
  router.post("/loans/:loanId/expire", (req, res) => res.json(loanView(ctx, controls.expire(loanIdOf(req)))))
  router.post("/loans/:loanId/redeliver", (req, res, next) => {
    controls.redeliver(loanIdOf(req)).then((delivery) => res.json(delivery), next)
  })
  router.post("/carts/:cartId/refunds", (req, res) => res.json(controls.refundAtService(req.params.cartId, req.body)))
  router.get("/requests", (_req, res) => res.json(ctx.state.requests))
  router.get("/webhooks", (_req, res) => res.json(ctx.state.webhooks))
  router.get("/outbox", (req, res) => res.json(outboxOf(ctx, req)))
  router.delete("/outbox", (_req, res) => res.json({ cleared: controls.clearOutbox() }))
  router.get("/faults", (_req, res) => res.json(ctx.faults.config))
  router.put("/faults", (req, res) => res.json(controls.setFaults(req.body)))
  router.get("/webhook", (_req, res) => res.json(webhookView(ctx)))
  router.put("/webhook", (req, res) => {
    controls.setWebhook(req.body)
    res.json(webhookView(ctx))
  })
  router.post("/reset", (_req, res) => {
    controls.reset()
    res.json({ reset: true })
  })
  router.use((req, res) => res.status(404).json({ error: `no ${req.method} ${req.originalUrl} in the control API` }))
  router.use(controlErrors(ctx))
  return router
}

/** Oldest first; `?phone=` and `?cartId=` keep one customer's or one cart's messages. */
function outboxOf(ctx: SandboxContext, req: Request): OutboxMessage[] {
  const { phone, cartId } = req.query
  return ctx.state.outbox.filter(
    (message) => (typeof phone !== "string" || message.phone === phone) && (typeof cartId !== "string" || message.cartId === cartId),
  )
}

function loanIdOf(req: Request): number {
  if (!/^\d+$/.test(req.params.loanId)) throw new SandboxError(404, `no loan ${req.params.loanId}`)
  return Number(req.params.loanId)
}

/** The token is a shared secret: the control API says whether it is set, not what it is. */
function webhookView(ctx: SandboxContext): Record<string, unknown> {
  const { token, ...rest } = ctx.webhook
  return { ...rest, token: token === undefined ? null : "[set]" }
}

function controlErrors(ctx: SandboxContext): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next) => {
    if (error instanceof SandboxError) return res.status(error.status).json({ error: error.message })
    if (error instanceof z.ZodError) return res.status(400).json({ error: describeIssues(error) })
    if (error instanceof SyntaxError) return res.status(400).json({ error: `body is not JSON: ${error.message}` })
    ctx.log(`[sandbox] control API error on ${req.method} ${req.originalUrl}: ${String(error)}`)
    res.status(500).json({ error: String(error) })
  }
}
