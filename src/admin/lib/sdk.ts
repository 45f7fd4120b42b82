import Medusa from "@medusajs/js-sdk"

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

export const sdk = new Medusa({
  baseUrl: defined(() => __BACKEND_URL__) ?? "/",
  auth: {
    type: defined(() => __AUTH_TYPE__) === "jwt" ? "jwt" : "session",
    jwtTokenStorageKey: defined(() => __JWT_TOKEN_STORAGE_KEY__),
  },
})

/** The HTTP status of a failed call: js-sdk's FetchError has one; a request that got no answer has none. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = error instanceof Error && "status" in error ? error.status : undefined
  return typeof status === "number" ? status : undefined
}

/** The admin-facing message of a failed call (Medusa's error body's `message`, which js-sdk keeps). */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error)
}
