import { z } from "zod"

const Rate = z.number().min(0).max(1)

export const EndpointFaults = z.strictObject({
  latencyMs: z.number().int().nonnegative().optional(),
  errorRate: Rate.optional(),
  errorStatus: z.union([z.literal(500), z.literal(503)]).optional(),
  hangRate: Rate.optional(),
  malformedRate: Rate.optional(),
  /** The next N requests answer `errorStatus` whatever the rates say: deterministic tests. */
  failNext: z.number().int().nonnegative().optional(),
})
export type EndpointFaults = z.infer<typeof EndpointFaults>

export const WebhookFaults = z.strictObject({
  dropRate: Rate.optional(),
  duplicateRate: Rate.optional(),
  delayMs: z.number().int().nonnegative().optional(),
})
export type WebhookFaults = z.infer<typeof WebhookFaults>

/** Strict objects: a misspelt key (`errorrate`) must fail loudly, not silently inject nothing. */
export const FaultConfig = z.strictObject({
  auth: EndpointFaults.optional(),
  loan: EndpointFaults.optional(),
  status: EndpointFaults.optional(),
  cancel: EndpointFaults.optional(),
  refund: EndpointFaults.optional(),
  refundHistory: EndpointFaults.optional(),
  webhook: WebhookFaults.optional(),
})
export type FaultConfig = z.infer<typeof FaultConfig>
