import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BnplServiceError } from "../../lib/service/client"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import type { SendChannel } from "../../lib/service/wire"
import { refuse } from "../../lib/ledger/sale-by-phone"

export const sendLinkAgainStepId = "bnpl-send-link-again"

/** How a link is sent again: a QR is shown, not sent. */
export const SEND_CHANNEL: Record<"w" | "s", SendChannel> = { w: "WHATSAPP", s: "SMS" }

export interface LinkToSendAgain {
  service_cart_id: string
  loan_id: number
  phone: string
  channel: "w" | "s"
}

/** The service sends the unpaid loan's link again; a 400 when it refuses. No compensation: a message sent stays sent. */
export const sendLinkAgainStep = createStep(sendLinkAgainStepId, async (input: LinkToSendAgain, { container }) => {
  const { client } = bnplFromContainer(container)
  await client
    .sendCheckout(input.service_cart_id, { target: { phoneNumber: input.phone }, channels: [SEND_CHANNEL[input.channel]] })
    .catch((error) => {
      if (error instanceof BnplServiceError && error.isRefusal) {
        throw refuse(`The service would not send the link of loan ${input.loan_id} again (${error.message}).`)
      }
      throw error
    })
  return new StepResponse(undefined)
})
