import { ledgerOf } from "../../lib/ledger/ledger"
import { type Check, ok, warn } from "../types"

/** Where the loans page lists them (src/admin/routes/bnpl-loans). */
export const ATTENTION_LINK = "/bnpl-loans?state=needs_attention"

/** Paid loans the plugin could not settle by itself wait for the admin: a warning with their count. */
export const attentionCheck: Check = {
  id: "attention",
  async run(ctx) {
    const [, count] = await ledgerOf(ctx.container).listAndCountBnplLoans({ state: "needs_attention" }, { take: 1, select: ["id"] })
    if (!count) return ok("No loan is on the attention list.")
    return {
      ...warn(
        `${count} ${count === 1 ? "loan needs" : "loans need"} attention.`,
        "Open the attention list on the installment loans page: each loan says why, and offers Retry completion or Refund in full.",
      ),
      link: ATTENTION_LINK,
    }
  },
}
