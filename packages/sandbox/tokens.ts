import { randomUUID } from "node:crypto"
import jwt from "jsonwebtoken"
import { z } from "zod"
import type { SandboxContext } from "./context"

/** Lifetime of an auth token; the service publishes none (docs/service-api.md, "Authentication"). */
export const TOKEN_TTL_SECONDS = 300

const TokenClaims = z.object({ merchantId: z.number().int(), jti: z.string(), exp: z.number() })

export function issueToken(ctx: SandboxContext, merchantId: number): string {
  return jwt.sign({ merchantId }, ctx.jwtSecret, {
    algorithm: "HS512",
    expiresIn: TOKEN_TTL_SECONDS,
    jwtid: randomUUID(),
  })
}

export type Redemption = { ok: true; merchantId: number } | { ok: false; reason: string }

/**
 * Accepts an `Authorization: Bearer <jwt>` once. The documentation asks for a new token for
 * each request; spending it here makes a client that reuses tokens fail in the sandbox
 * rather than in production.
 */
export function redeemToken(ctx: SandboxContext, authorization: string | undefined): Redemption {
  if (!authorization) return { ok: false, reason: "missing Authorization header: get one from POST /api/auth" }
  const match = /^Bearer (\S+)$/.exec(authorization)
  if (!match) return { ok: false, reason: "Authorization must be 'Bearer <token>' as POST /api/auth returns it" }
  const claims = verify(ctx, match[1])
  if (!claims) return { ok: false, reason: "token is invalid or expired: get a new one from POST /api/auth" }
  if (ctx.state.spentTokens.has(claims.jti)) {
    return { ok: false, reason: "token already used: the service wants a new token for each request" }
  }
  spend(ctx, claims.jti, claims.exp)
  return { ok: true, merchantId: claims.merchantId }
}

function verify(ctx: SandboxContext, token: string): z.infer<typeof TokenClaims> | null {
  try {
    const parsed = TokenClaims.safeParse(jwt.verify(token, ctx.jwtSecret, { algorithms: ["HS512"] }))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Spent tokens are remembered only until they expire; after that the signature check refuses
 * them anyway. All tokens live equally long, so insertion order is expiry order and the
 * sweep stops at the first live one.
 */
function spend(ctx: SandboxContext, jti: string, exp: number): void {
  const now = Date.now() / 1000
  for (const [spent, expiry] of ctx.state.spentTokens) {
    if (expiry >= now) break
    ctx.state.spentTokens.delete(spent)
  }
  ctx.state.spentTokens.set(jti, exp)
}
