import { setTimeout as sleep } from "node:timers/promises"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type ResolvedBnpl, bnplFromContainer } from "../../../lib/options/resolve-options"
import { WEBHOOK_BODY_LIMIT, checkAuthorization, checkClaims, checkIp, clientIp, parseNotification } from "../../../lib/service/webhook"
import { WEBHOOK_READY } from "../../../diagnosis/checks/backend-url"
import { confirmNotifiedLoan } from "../../../webhook/confirm-notified-loan"
import type { Confirmation } from "../../../workflows/confirm-loan"
import { type DeliveryFacts, recordDelivery } from "../../../webhook/delivery-record"
import { ConfirmationQueue } from "../../../webhook/confirmation-queue"
import { confirmedInTurn } from "../../../webhook/confirm-in-turn"
import { handsOffToWorker, handToWorker } from "../../../webhook/hand-off"
import { ANSWERS, type Answer, verdictOf } from "../../../webhook/verdict"
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
 * at once: a server hands it to Medusa's worker through the event bus (webhook/hand-off.ts), a
 * shared process confirms it in turn (webhook/confirmation-queue.ts). Either way its delivery is
 * recorded with the verdict its confirmation reached.
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
  // A notification handed to the worker is recorded there, with its verdict.
  let handedOver = false
  res.once("close", () => {
    void inTurn.then(() => {
      span.end(facts, res.statusCode)
      return handedOver ? undefined : recordDelivery(req.scope, facts, res.statusCode, receivedAt)
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
    inTurn = confirmedInTurn(first, () => queue.inTurn(key, confirm)).then(
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
  if (!now) {
    const proven = facts.auth === "accepted" ? "accepted" : "not_required"
    if (handsOffToWorker(req.scope) && (await handToWorker(req.scope, { loanId, cartId, auth: proven, receivedAt: receivedAt.toISOString() }))) {
      handedOver = true
      facts.outcome = "handed_to_worker"
      return answer(200)
    }
    return received(queue.inTurn(key, confirm))
  }
  const timely = await within(now, options.webhookAnswerMs)
  if (!timely) return received(now)

  if ("error" in timely) {
    logger.error(`[bnpl] webhook for loan ${loanId} of cart ${cartId} could not be processed: ${timely.error.message}`)
    facts.reason = timely.error.message
    return answer(503)
  }
  return answer(verdict(timely.result))

  function answer(status: Answer) {
    return res.status(status).json(ANSWERS[status])
  }

  /** Logs the confirmation's verdict, notes it in the delivery's facts, and says the answer it calls for. */
  function verdict(result: Confirmation): Answer {
    const { status, level, message, facts: noted } = verdictOf(result, loanId, cartId)
    Object.assign(facts, noted)
    logger[level](message)
    return status
  }
}

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
