import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type ResolvedBnpl, bnplFromContainer } from "../../../lib/options/resolve-options"
import { WEBHOOK_BODY_LIMIT, checkAuthorization, checkClaims, checkIp, clientIp, parseNotification } from "../../../lib/service/webhook"
import { WEBHOOK_READY } from "../../../diagnosis/checks/backend-url"
import { confirmNotifiedLoan } from "./confirm-notified-loan"
import type { Confirmation } from "../../../workflows/confirm-loan"
import { type DeliveryFacts, recordDelivery } from "./webhook-record"
import { ConfirmationQueue } from "./confirmation-queue"
import { WebhookDeliverySpan } from "../../../lib/telemetry/webhook-span"

/**
 * GET /hooks/bnpl: says the route is here and ready, and does nothing else. The diagnosis
 * requests it through the public URL; a person can open it in a browser. The service only POSTs.
 */
export function GET(_req: MedusaRequest, res: MedusaResponse) {
  res.status(200).json(WEBHOOK_READY)
}

/**
 * POST /hooks/bnpl: the URL given to the service as the loan's `webHookUrl`.
 *
 * Order matters: who is calling (address, token) before what they say
 * (body), and what they say only as a trigger: the status query decides
 * (confirmLoan). Answers: 200 done or already done; 400 not authenticated or
 * not a notification (no detail, as the spec asks); 409 the service does not
 * confirm the payment; 503 the work could not finish, send it again. A paid
 * loan that needs the admin (attention list) is received: 200.
 *
 * The service waits for the answer, and on a sale day it must not wait on Medusa: a confirmation
 * that takes longer than `webhookAnswerMs` goes on after a 200 (received), and when this process
 * already confirms `webhookConcurrency` loans, an authenticated notification is received (200)
 * at once and confirmed in turn (confirmation-queue.ts). Either way its delivery is recorded with
 * the verdict its confirmation reached.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const bnpl = bnplFromContainer(req.scope)
  const { options } = bnpl
  // Every delivery is recorded with the status it was answered, once the answer is sent or the
  // sender hung up ("close" comes in both cases; "finish" only in the first), and once a
  // confirmation in turn has its verdict.
  const facts: DeliveryFacts = { auth: "not_checked", outcome: "error" }
  const receivedAt = new Date()
  const span = new WebhookDeliverySpan()
  let inTurn: Promise<void> = Promise.resolve()
  res.once("close", () => {
    void inTurn.then(() => {
      span.end(facts, res.statusCode)
      return recordDelivery(req.scope, facts, res.statusCode, receivedAt)
    })
  })
  const reject = (reason: string) => {
    logger.warn(`[bnpl] webhook rejected: ${reason}`)
    Object.assign(facts, { outcome: "rejected", reason })
    res.status(400).json({ message: "Bad request" })
  }

  const ip = clientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustProxyHops)
  const fromAllowed = checkIp(ip, options.webhookAllowedIps)
  if (!fromAllowed.ok) return reject(fromAllowed.reason)

  const auth = checkAuthorization(options, req.headers.authorization)
  facts.auth = !auth.ok ? "rejected" : options.webhookAuth === "none" ? "not_required" : "accepted"
  if (!auth.ok) return reject(auth.reason)

  const raw = await readBody(req, WEBHOOK_BODY_LIMIT)
  if (!raw) return reject(`body larger than ${WEBHOOK_BODY_LIMIT} bytes, or the upload was aborted`)
  const body = parseNotification(raw, options.merchantId)
  if (!body.ok) return reject(body.reason)
  const { loanId, cartId } = body.notification
  Object.assign(facts, { loanId, cartId })
  const claims = checkClaims(auth.claims, body.notification)
  if (!claims.ok) return reject(claims.reason)

  const queue = confirmationQueueOf(bnpl)
  const confirm = () => span.within(() => confirmNotifiedLoan(req.scope, cartId, loanId))
  const now = queue.tryNow(confirm)
  // Received now, confirmed later: the delivery is recorded with the verdict once there is one.
  const key = `${cartId}\n${loanId}`
  const received = (first: Promise<Confirmation>) => {
    inTurn = retriedInTurn(first, () => queue.inTurn(key, confirm)).then(
      (result) => void verdict(result),
      (error: Error) => {
        logger.error(
          `[bnpl] webhook for loan ${loanId} of cart ${cartId} could not be processed: ${error.message}; reconciliation will query the loan`,
        )
        facts.reason = error.message
      },
    )
    return answer(200)
  }
  if (!now) return received(queue.inTurn(key, confirm))
  const timely = await within(now, options.webhookAnswerMs)
  if (!timely) return received(now)

  if ("error" in timely) {
    logger.error(`[bnpl] webhook for loan ${loanId} of cart ${cartId} could not be processed: ${timely.error.message}`)
    facts.reason = timely.error.message
    return answer(503)
  }
  return answer(verdict(timely.result))

  function answer(status: keyof typeof ANSWERS) {
    return res.status(status).json(ANSWERS[status])
  }

  /** Logs the confirmation's verdict, notes it in the delivery's facts, and says the answer it calls for. */
  function verdict(result: Confirmation): 200 | 409 | 503 {
    facts.outcome = result.outcome
    if ("orderId" in result) facts.orderId = result.orderId
    if ("reason" in result && typeof result.reason === "string") facts.reason = result.reason
    switch (result.outcome) {
      case "authorized":
      case "already_authorized":
        logger.info(`[bnpl] webhook: loan ${loanId} of cart ${cartId} ${result.outcome.replace("_", " ")}, order ${result.orderId}`)
        return 200
      case "needs_attention":
        // Received: the loan is on the admin's attention list, and repeating the notification changes nothing.
        logger.warn(`[bnpl] webhook for loan ${loanId} of cart ${cartId}: on the attention list: ${result.reason}`)
        return 200
      case "completion_failed":
        logger.warn(`[bnpl] webhook for loan ${loanId} of cart ${cartId}: ${result.reason}`)
        return result.attention ? 200 : 503
      case "no_pending_session":
        logger.warn(`[bnpl] webhook for loan ${loanId} of cart ${cartId}: no pending session of the plugin holds this loan`)
        return 409
      case "not_paid":
        logger.warn(`[bnpl] webhook for loan ${loanId} of cart ${cartId}: the status query shows the loan ${result.loanStatus}, not paid`)
        return 409
      case "amount_mismatch":
        logger.warn(`[bnpl] webhook for loan ${loanId} of cart ${cartId}: loan paid for ${result.loanAmount}, session is for ${result.sessionAmount}`)
        return 409
      case "cart_changed":
        logger.warn(
          `[bnpl] webhook for loan ${loanId} of cart ${cartId}: loan paid for ${result.loanAmount}, but the cart now totals ${result.cartTotal}`,
        )
        return 409
    }
  }
}

/**
 * A received notification's confirmation, tried again in turn when Medusa's completion failed with
 * no verdict on the cart (a lock it waited for too long under a flood, a database that did not
 * answer): the service was answered 200 and will not send it again, so the plugin does what its
 * retry of a 503 would have. Each failure counts toward `maxCompletionAttempts`, past which the
 * loan is on the attention list; what is left over, reconciliation finds.
 */
async function retriedInTurn(first: Promise<Confirmation>, again: () => Promise<Confirmation>): Promise<Confirmation> {
  let result = await first
  for (let retry = 1; retry <= RETRIES_IN_TURN && result.outcome === "completion_failed" && !result.attention; retry++) {
    await sleep(RETRY_AFTER_MS * retry)
    result = await again()
  }
  return result
}

/**
 * One try more, 2 s on: a flood's lock waits are over by then. One, not more: a cart that refuses
 * the order fails again at once, and the attempts `maxCompletionAttempts` allows are better spent
 * minutes apart, by reconciliation, than seconds apart here.
 */
const RETRIES_IN_TURN = 1
const RETRY_AFTER_MS = 2_000

/** The confirmation's outcome if it comes within `ms`; undefined if it takes longer (it goes on). */
async function within(work: Promise<Confirmation>, ms: number): Promise<{ result: Confirmation } | { error: Error } | undefined> {
  const timer = new AbortController()
  const late = sleep(ms, undefined, { signal: timer.signal }).catch(() => undefined)
  try {
    return await Promise.race([
      work.then(
        (result) => ({ result }),
        (error: Error) => ({ error }),
      ),
      late,
    ])
  } finally {
    timer.abort()
  }
}

/** What the service reads of each answer to a notification it may stop sending (400 is `reject`'s). */
const ANSWERS = {
  200: { received: true },
  409: { message: "The payment is not confirmed by the service." },
  503: { message: "Could not process the notification now; send it again." },
} as const

const queues = new WeakMap<ResolvedBnpl, ConfirmationQueue<Confirmation>>()

/** One queue per store's configuration (resolve-options.ts keeps one per configuration), so that each Medusa app in a process counts its own confirmations. */
function confirmationQueueOf(bnpl: ResolvedBnpl): ConfirmationQueue<Confirmation> {
  let queue = queues.get(bnpl)
  if (!queue) queues.set(bnpl, (queue = new ConfirmationQueue(bnpl.options.webhookConcurrency)))
  return queue
}

/**
 * Reads at most `limit` bytes; answers undefined past it without buffering the
 * rest, and for an upload the sender aborted (nothing to act on, nothing to log loudly).
 */
function readBody(req: MedusaRequest, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (value: Buffer | undefined) => {
      if (!done) {
        done = true
        resolve(value)
      }
    }
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners("data")
        req.resume()
        finish(undefined)
      } else chunks.push(chunk)
    })
    req.on("end", () => finish(Buffer.concat(chunks)))
    req.on("aborted", () => finish(undefined))
    req.on("error", () => finish(undefined))
  })
}
