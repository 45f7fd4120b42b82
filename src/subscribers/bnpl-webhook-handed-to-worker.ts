import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { bnplFromContainer } from "../lib/options/resolve-options"
import { confirmNotifiedLoan } from "../webhook/confirm-notified-loan"
import { confirmedInTurn } from "../webhook/confirm-in-turn"
import { confirmationQueueOf } from "../webhook/confirmation-queue"
import { recordDelivery } from "../webhook/delivery-record"
import { HandedNotification, WEBHOOK_HANDED_TO_WORKER } from "../webhook/hand-off"
import { verdictOf } from "../webhook/verdict"

/**
 * The worker's side of a notification a server handed over (webhook/hand-off.ts): the loan is
 * confirmed as the server would have, in this process's queue of confirmations, and the delivery
 * recorded with the verdict and the 200 the service was answered.
 *
 * The handler returns once the confirmation has its place in the queue: Medusa's Redis event bus
 * runs one job at a time unless the store configures more, and a worker that confirmed one loan
 * at a time would make fewer orders than the server hands it. What waits in the queue is lost
 * with the process, as on a server; reconciliation finds those loans paid, as it finds a lost
 * webhook's.
 */
export default async function confirmHandedNotification({ event, container }: SubscriberArgs<HandedNotification>) {
  const notification = HandedNotification.parse(event.data)
  const { loanId, cartId } = notification
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const queue = confirmationQueueOf(bnplFromContainer(container))
  const key = `${cartId}\n${loanId}`
  const confirm = () => confirmNotifiedLoan(container, cartId, loanId)
  const facts = { auth: notification.auth, loanId, cartId }
  void confirmedInTurn(queue.inTurn(key, confirm), () => queue.inTurn(key, confirm)).then(
    (result) => {
      const verdict = verdictOf(result, loanId, cartId)
      logger[verdict.level](`${verdict.message} (confirmed by the worker)`)
      return recordDelivery(container, { ...facts, ...verdict.facts }, 200, new Date(notification.receivedAt))
    },
    (error: Error) => {
      logger.error(`[bnpl] webhook for loan ${loanId} of cart ${cartId} could not be processed: ${error.message}; reconciliation will query the loan`)
      return recordDelivery(container, { ...facts, outcome: "error", reason: error.message }, 200, new Date(notification.receivedAt))
    },
  )
}

export const config: SubscriberConfig = {
  event: WEBHOOK_HANDED_TO_WORKER,
  context: { subscriberId: "bnpl-webhook-handed-to-worker" },
}
