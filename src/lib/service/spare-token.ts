/**
 * `POST /loan` needs a Bearer token that no request has used (docs/service-api.md,
 * "Authentication"). Fetched when the loan is made, it would put a whole `/auth` round trip
 * on the shopper's path; so each loan takes a token fetched while the previous loan was being
 * made, and asks for the next one as it goes. Every token is still new and used once.
 *
 * The service publishes no token lifetime: a spare is used only while it is young and its
 * JWT's `exp` (when it has one) is not near, else the loan fetches its own.
 */
export interface TakenToken {
  authorization: string
  /** Fetched ahead of time: a refusal of it (401) is worth one retry with a fresh token. */
  spare: boolean
}

/** A spare older than this is dropped unused: a store that is quiet pays its own `/auth` again. */
export const SPARE_MAX_AGE_MS = 60_000
/** A token whose `exp` is nearer than this is not taken, however young. */
const EXP_MARGIN_MS = 30_000

interface Spare {
  authorization: string
  fetchedAt: number
  expiresAt?: number
}

export class SpareToken {
  private spare?: Spare
  private refilling = false

  constructor(
    private readonly fetchToken: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A spare is waiting (it may still turn out stale when taken). */
  get hasSpare(): boolean {
    return !!this.spare
  }

  /** A token no request has used: the spare while it is fresh, else a new one. Either way the next spare is fetched. */
  async take(): Promise<TakenToken> {
    const spare = this.spare
    this.spare = undefined
    this.refill()
    if (spare && this.isFresh(spare)) return { authorization: spare.authorization, spare: true }
    return { authorization: await this.fetchToken(), spare: false }
  }

  private refill(): void {
    if (this.refilling) return
    this.refilling = true
    this.fetchToken()
      .then(
        (authorization) => {
          this.spare = { authorization, fetchedAt: this.now(), expiresAt: expiryOf(authorization) }
        },
        // No spare this time: the next loan fetches its own token, and the error is its to report.
        () => undefined,
      )
      .finally(() => {
        this.refilling = false
      })
  }

  private isFresh(spare: Spare): boolean {
    const now = this.now()
    return now - spare.fetchedAt < SPARE_MAX_AGE_MS && (spare.expiresAt === undefined || spare.expiresAt - now > EXP_MARGIN_MS)
  }
}

/** The `exp` claim of a `Bearer <JWT>` value in ms, read without verifying (the service verifies it); undefined when absent. */
export function expiryOf(authorization: string): number | undefined {
  const payload = authorization.replace(/^Bearer\s+/i, "").split(".")[1]
  if (!payload) return undefined
  try {
    const { exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }
    return typeof exp === "number" ? exp * 1000 : undefined
  } catch {
    return undefined
  }
}
