import type { MedusaContainer } from "@medusajs/framework/types"
import { z } from "zod"
import type { ResolvedBnpl } from "../lib/options/resolve-options"

export const CheckStatus = z.enum(["ok", "warn", "fail"])
export type CheckStatus = z.infer<typeof CheckStatus>

/** One line of the diagnosis: what was found, and what to change when it is not ok. */
export const CheckResult = z.object({
  id: z.string(),
  status: CheckStatus,
  detail: z.string(),
  /** What the merchant changes; null when there is nothing to change. */
  fix: z.string().nullable(),
  /** An admin path that shows more (the attention list), when there is one. */
  link: z.string().optional(),
})
export type CheckResult = z.infer<typeof CheckResult>

export const DiagnosisResponse = z.object({ checks: z.array(CheckResult), ran_at: z.string() })
export type DiagnosisResponse = z.infer<typeof DiagnosisResponse>

/**
 * What every check may use. `bnpl` throws when the options do not parse: the options check
 * says why, and every check that needs them answers that it could not run.
 */
export interface DiagnosisContext {
  container: MedusaContainer
  bnpl(): ResolvedBnpl
  /** One `POST /auth` shared by the checks that need it (credentials, clock). */
  authenticate(): Promise<void>
  nodeEnv: string | undefined
  now: Date
}

export interface Check {
  id: string
  run(ctx: DiagnosisContext): Promise<Omit<CheckResult, "id">>
}

export const ok = (detail: string): Omit<CheckResult, "id"> => ({ status: "ok", detail, fix: null })
export const warn = (detail: string, fix: string): Omit<CheckResult, "id"> => ({ status: "warn", detail, fix })
export const fail = (detail: string, fix: string): Omit<CheckResult, "id"> => ({ status: "fail", detail, fix })
