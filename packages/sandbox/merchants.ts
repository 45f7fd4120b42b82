import { createHash, timingSafeEqual } from "node:crypto"
import type { Merchant, SandboxState } from "./state"

/** The merchant these credentials belong to, approved or not; undefined when they match none. */
export function authenticateMerchant(state: SandboxState, merchantId: number, apiToken: string): Merchant | undefined {
  const merchant = state.merchants.find((candidate) => candidate.merchantId === merchantId)
  return merchant && sameSecret(merchant.apiToken, apiToken) ? merchant : undefined
}

/** Hashing first gives equal lengths, so the comparison leaks neither content nor length. */
export function sameSecret(expected: string, given: string): boolean {
  const digest = (value: string): Buffer => createHash("sha256").update(value).digest()
  return timingSafeEqual(digest(expected), digest(given))
}
