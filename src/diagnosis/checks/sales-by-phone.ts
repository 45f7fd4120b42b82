import { OPTION_ENV } from "../../lib/options/options"
import { type Check, ok, warn } from "../types"

const CHANNEL_NAMES = { w: "WhatsApp", s: "SMS", q: "QR code" } as const

/**
 * Sales by phone (the in-store API) from the order page: the branch they are made at, the
 * channels offered, and the merchant host that sends a link again. Nothing is sent to the
 * service: the in-store API has no request that checks a branch without creating something.
 */
export const salesByPhoneCheck: Check = {
  id: "sales_by_phone",
  async run(ctx) {
    const { inStoreBranches, inStoreChannels, merchantUrl } = ctx.bnpl().options
    if (!inStoreBranches.length) {
      return ok(
        `Sales by phone are off: no branch id of the service's in-store API (${OPTION_ENV.inStoreShopId}, or ${OPTION_ENV.inStoreBranches}; ${OPTION_ENV.shopId} is not digits).`,
      )
    }
    const branches = inStoreBranches.map((b) => (b.name ? `${b.name} (${b.shopId})` : b.shopId)).join(", ")
    const channels = inStoreChannels.map((c) => CHANNEL_NAMES[c]).join(", ")
    if (!merchantUrl && inStoreChannels.some((c) => c !== "q")) {
      return warn(
        `Sales by phone are made at branch ${branches} by ${channels}, but Send again cannot reach the service: no merchant host.`,
        `Set ${OPTION_ENV.merchantUrl} to the service's merchant host (where /merchant/send-checkout lives), then restart Medusa.`,
      )
    }
    return ok(`Sales by phone are made at branch ${branches} by ${channels}.`)
  },
}
