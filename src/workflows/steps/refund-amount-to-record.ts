import type { BigNumberInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { toDecimal } from "../../lib/service/money"
import type { BookEntry } from "../../modules/bnpl/types"

export const refundAmountToRecordStepId = "bnpl-refund-amount-to-record"

/**
 * The amount of a refund the admin records, decimal: the admin's for a refund made outside
 * Medusa, else the one the plugin asked for (the admin's when the entry has none). Refused when
 * there is none.
 */
export const refundAmountToRecordStep = createStep(refundAmountToRecordStepId, async (input: { entry: BookEntry; amount?: BigNumberInput }) => {
  const given = input.entry.kind === "outside" ? input.amount : (input.entry.amount ?? input.amount)
  if (given === undefined || given === null)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Give the refund's amount, as the service's portal shows it (for example 250.00).")
  return new StepResponse(toDecimal(given))
})
