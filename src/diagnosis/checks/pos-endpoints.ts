import { type Check, fail, ok } from "../types"
import { messageOf, serviceFix } from "./service-error"

/** A cart id no loan has: the service answers it with nothing, which is success. */
export const PROBE_CART_ID = "bnpl-diagnosis-probe"

/** The in-store endpoints with the merchant's token: the status query and the refund history. */
export const posEndpointsCheck: Check = {
  id: "pos_endpoints",
  async run(ctx) {
    const { options, client } = ctx.bnpl()
    try {
      await client.getLoans(PROBE_CART_ID)
      await client.getRefunds(PROBE_CART_ID)
    } catch (error) {
      return fail(`The in-store endpoints at ${options.baseUrl} failed: ${messageOf(error)}.`, serviceFix(error, "baseUrl"))
    }
    return ok(`The status query and the refund history answered at ${options.baseUrl}.`)
  },
}
