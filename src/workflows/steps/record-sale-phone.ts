import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CommChannel } from "../../lib/service/wire"
import type { PhoneSale } from "../../lib/ledger/sale-by-phone"

export const recordSalePhoneStepId = "bnpl-record-sale-phone"

/**
 * The sale's session names the phone and channel its link was last sent to: the order page's
 * card reads them back. Undone by putting the session's data back.
 */
export const recordSalePhoneStep = createStep(
  recordSalePhoneStepId,
  async (input: Pick<PhoneSale, "session" | "data"> & { phone: string; channel: CommChannel }, { container }) => {
    const { session } = input
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      data: { ...session.data, in_store: { ...input.data.in_store, phone: input.phone, channel: input.channel } },
    })
    return new StepResponse(undefined, session)
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: before.id,
      amount: before.amount,
      currency_code: before.currency_code,
      data: before.data ?? {},
    })
  },
)
