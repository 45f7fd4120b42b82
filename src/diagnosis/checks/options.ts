import { OPTION_ENV } from "../../lib/options/options"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import { type Check, fail, ok } from "../types"

/**
 * The options parse (the same schema the provider uses), and the webhook proves its origin in
 * production: with `none`, anyone who learns the URL can make the store look the loan up.
 */
export const optionsCheck: Check = {
  id: "options",
  async run(ctx) {
    let webhookAuth: string
    try {
      webhookAuth = bnplFromContainer(ctx.container).options.webhookAuth
    } catch (error) {
      // The message names options and variables, never values (options.ts).
      return fail((error as Error).message, "Set the options listed in medusa-config.ts or through their BNPL_* variables, then restart Medusa.")
    }
    if (ctx.nodeEnv === "production" && webhookAuth === "none") {
      return fail(
        "The webhook is accepted without authentication (webhookAuth none) while NODE_ENV is production.",
        `Set ${OPTION_ENV.webhookAuth} to basic, bearer or jwt, as agreed with the service, and ${OPTION_ENV.webhookToken} for basic or bearer.`,
      )
    }
    return ok(`The options parse; webhook authentication: ${webhookAuth}.`)
  },
}
