import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { confirmNotifiedLoan } from "../webhook/confirm-notified-loan"
import { confirmedInTurn } from "../webhook/confirm-in-turn"
import { type DeliveryFacts, recordDelivery } from "../webhook/delivery-record"
import { HandedNotification, WEBHOOK_HANDED_TO_WORKER } from "../webhook/hand-off"
import { verdictOf } from "../webhook/verdict"

/**
 * The worker's side of a notification a server handed over (webhook/hand-off.ts): the loan is
 * confirmed as the server would have, and the delivery recorded with the verdict and the 200 the
 * service was answered. A confirmation that throws is left to the event bus's next attempt; what
 * no attempt settles, reconciliation finds, as it finds a lost webhook.
 */
export default async function confirmHandedNotification({ event, container }: SubscriberArgs<HandedNotification>) {
  const notification = HandedNotification.parse(event.data)
  const { loanId, cartId } = notification
  const confirm = () => confirmNotifiedLoan(container, cartId, loanId)
  const result = await confirmedInTurn(confirm(), confirm)
  const verdict = verdictOf(result, loanId, cartId)
  container.resolve(ContainerRegistrationKeys.LOGGER)[verdict.level](`${verdict.message} (confirmed by the worker)`)
  const facts: DeliveryFacts = { auth: notification.auth, loanId, cartId, ...verdict.facts }
  await recordDelivery(container, facts, 200, new Date(notification.receivedAt))
}

export const config: SubscriberConfig = {
  event: WEBHOOK_HANDED_TO_WORKER,
  context: { subscriberId: "bnpl-webhook-handed-to-worker" },
}
