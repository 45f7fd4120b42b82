import { type Check, fail, ok } from "../types"
import { messageOf, serviceFix } from "./service-error"

/** `POST /auth` with the merchant's token and id: what every loan starts with. */
export const credentialsCheck: Check = {
  id: "credentials",
  async run(ctx) {
    const { options } = ctx.bnpl()
    try {
      await ctx.authenticate()
    } catch (error) {
      return fail(`The service refused or did not answer POST ${options.authUrl}/auth: ${messageOf(error)}.`, serviceFix(error, "authUrl"))
    }
    return ok(`The service accepted merchant ${options.merchantId}'s token at ${options.authUrl}.`)
  },
}
