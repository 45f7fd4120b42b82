import Medusa from "@medusajs/js-sdk"
import type { LoanView } from "../../api/admin/bnpl/orders/loan-view"

/**
 * Configured as the dashboard configures its own client (dashboard
 * src/lib/client/client.ts): the admin build defines these constants from
 * medusa-config's `admin` block. Where they are not defined, the admin is
 * served by the backend itself with session cookies, and "/" is right.
 */
declare const __BACKEND_URL__: string | undefined
declare const __AUTH_TYPE__: string | undefined
declare const __JWT_TOKEN_STORAGE_KEY__: string | undefined

const defined = (value: () => string | undefined): string | undefined => {
  try {
    return value() || undefined
  } catch {
    return undefined // ReferenceError: the constant was not defined by this build
  }
}

const sdk = new Medusa({
  baseUrl: defined(() => __BACKEND_URL__) ?? "/",
  auth: {
    type: defined(() => __AUTH_TYPE__) === "jwt" ? "jwt" : "session",
    jwtTokenStorageKey: defined(() => __JWT_TOKEN_STORAGE_KEY__),
  },
})

export type LoanResult =
  | { kind: "loaded"; view: LoanView }
  /** 404: the order was not paid through pp_bnpl_bnpl (or does not exist). */
  | { kind: "none" }
  /** 502, or no answer at all: the financing service or the network failed. */
  | { kind: "unreachable" }
  | { kind: "failed"; status: number }

export async function fetchLoan(orderId: string): Promise<LoanResult> {
  try {
    const view = await sdk.client.fetch<LoanView>(`/admin/bnpl/orders/${encodeURIComponent(orderId)}/loan`)
    return { kind: "loaded", view }
  } catch (error) {
    // js-sdk throws FetchError { status } for HTTP errors, a TypeError when the request never got an answer.
    const status = (error as { status?: unknown } | null)?.status
    if (typeof status !== "number" || status === 502) return { kind: "unreachable" }
    if (status === 404) return { kind: "none" }
    return { kind: "failed", status }
  }
}
