import "server-only"
import { cookies as nextCookies } from "next/headers"

export const getCartId = async () => (await nextCookies()).get("_medusa_cart_id")?.value

export const removeCartId = async () => {
  ;(await nextCookies()).set("_medusa_cart_id", "", { maxAge: -1 })
}

export const getCacheTag = async (tag: string): Promise<string> => {
  const cacheId = (await nextCookies()).get("_medusa_cache_id")?.value
  return cacheId ? `${tag}-${cacheId}` : ""
}
