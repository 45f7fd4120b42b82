import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { OPTION_ENV } from "../../lib/options/options"
import { type Check, fail, ok, warn } from "../types"

interface RegionRow {
  id: string
  name: string
  currency_code: string
  payment_providers?: Array<{ id: string } | null> | null
}

/**
 * A region in an accepted currency without the plugin's provider never offers installments (a warning:
 * it may be on purpose); a region offering it in a refused currency shows shoppers a payment
 * method that refuses them at checkout (a failure).
 */
export const regionsCheck: Check = {
  id: "regions",
  async run(ctx) {
    const { options, providerId: PROVIDER_ID } = ctx.bnpl()
    const query = ctx.container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "region", fields: ["id", "name", "currency_code", "payment_providers.id"] })
    const regions = data as RegionRow[]
    const offers = (region: RegionRow) => (region.payment_providers ?? []).some((provider) => provider?.id === PROVIDER_ID)
    const accepted = (region: RegionRow) => options.currencies.includes(region.currency_code.toLowerCase())
    const refusing = regions.filter((region) => offers(region) && !accepted(region))
    const missing = regions.filter((region) => accepted(region) && !offers(region))
    const currencies = options.currencies.map((c) => c.toUpperCase()).join(", ")
    const names = (list: RegionRow[]) => list.map((r) => `${r.name} (${r.currency_code.toUpperCase()})`).join(", ")
    if (refusing.length) {
      return fail(
        `Regions offer ${PROVIDER_ID} in a currency the plugin refuses: ${names(refusing)}; it accepts ${currencies}.`,
        `Remove ${PROVIDER_ID} from those regions (Settings → Regions), or add their currency to ${OPTION_ENV.currencies}.`,
      )
    }
    if (missing.length) {
      return warn(
        `Regions in ${currencies} do not offer ${PROVIDER_ID}: ${names(missing)}.`,
        `Add ${PROVIDER_ID} to their payment providers (Settings → Regions → Edit), unless they should not offer installments.`,
      )
    }
    const offering = regions.filter(offers)
    if (!offering.length) {
      return warn(
        `No region uses ${currencies}: no shopper is offered installments.`,
        `Create a region in ${currencies} with ${PROVIDER_ID}, or set ${OPTION_ENV.currencies}.`,
      )
    }
    return ok(`${PROVIDER_ID} is offered in every region in ${currencies}: ${names(offering)}.`)
  },
}
