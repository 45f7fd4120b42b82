import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

const DEMO_KEY_TITLE = "Demo storefront"

interface KeyRow {
  token: string
  title: string
  revoked_at?: Date | string | null
}

/**
 * The storefront's publishable key: the seeded "Demo storefront" one, else any other live
 * one. Read on every page load (one small query), so a key created or revoked in the admin
 * takes effect at once.
 */
export async function demoPublishableKey(scope: MedusaContainer): Promise<string | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "api_key",
    fields: ["token", "title", "revoked_at"],
    filters: { type: "publishable" },
  })
  const live = (data as KeyRow[]).filter((key) => !key.revoked_at)
  return (live.find((key) => key.title === DEMO_KEY_TITLE) ?? live[0])?.token
}
