import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { z } from "zod"

/**
 * A notification the server hands to Medusa's worker, as Medusa's own payment webhook route does
 * (`payment.webhook_received`): the event bus keeps it in Redis until the worker has confirmed the
 * loan, so a server that stops meanwhile loses nothing, and the orders a flood asks for are made
 * on the worker's core while the server answers the service and the storefront. Internal: no
 * store subscribes to it (docs/events.md lists the plugin's public events).
 */
export const WEBHOOK_HANDED_TO_WORKER = "bnpl.webhook.handed_to_worker"

export const HandedNotification = z.strictObject({
  /** The notification's fields, as the service wrote them. */
  loanId: z.number().int().positive(),
  cartId: z.string().min(1),
  auth: z.enum(["accepted", "not_required"]),
  /** When the server received it (ISO), for its delivery record. */
  receivedAt: z.string().datetime(),
})
export type HandedNotification = z.infer<typeof HandedNotification>

/**
 * Attempts the event bus gives the worker's confirmation: one that fails with no verdict (the
 * database or the service did not answer) is tried again, as the service's retry of a 503 would.
 */
const ATTEMPTS = 3

/**
 * Whether this process hands the notifications it cannot confirm at once to a worker: a server
 * (`workerMode: "server"`) has one beside it; a `shared` process confirms them in turn itself.
 */
export function handsOffToWorker(container: MedusaContainer): boolean {
  return container.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.workerMode === "server"
}

/** True once the event bus holds the notification; false when it could not take it (the caller confirms it itself). */
export async function handToWorker(container: MedusaContainer, notification: HandedNotification): Promise<boolean> {
  try {
    await container.resolve(Modules.EVENT_BUS).emit({ name: WEBHOOK_HANDED_TO_WORKER, data: notification }, { attempts: ATTEMPTS })
    return true
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`[bnpl] webhook for loan ${notification.loanId} could not be handed to the worker (${(error as Error).message}); this server confirms it`)
    return false
  }
}
