import { OPTION_ENV } from "../../lib/options/options"
import { type Check, ok, warn } from "../types"
import { probeUrl } from "./probe-url"

const URLS = ["successUrl", "errorUrl", "cartUrl"] as const

/**
 * Where the service sends the customer back. Only a warning when one does not answer: the
 * customer's browser reaches the storefront, and this server may not (another network).
 */
export const returnUrlsCheck: Check = {
  id: "return_urls",
  async run(ctx) {
    const { options } = ctx.bnpl()
    const problems: string[] = []
    await Promise.all(
      URLS.map(async (key) => {
        const url = options[key]
        const probe = await probeUrl(url, options.timeoutMs)
        if (!probe.answered) problems.push(`${key} ${url}: no answer (${probe.reason})`)
        else if (probe.status >= 400) problems.push(`${key} ${url}: HTTP ${probe.status}`)
      }),
    )
    if (problems.length) {
      return warn(
        `A return URL does not answer from this server: ${problems.join("; ")}.`,
        `Check ${OPTION_ENV.storefrontUrl} (or ${OPTION_ENV.successUrl}, ${OPTION_ENV.errorUrl}, ${OPTION_ENV.cartUrl}): each must be a storefront page that exists.`,
      )
    }
    return ok(`The storefront's success, error and cart pages answer (${options.successUrl}, …).`)
  },
}
