import { z } from "zod"

const Rate = z.number().min(0).max(1)
const Count = z.number().int().nonnegative()

export const EndpointFaults = z.strictObject({
  latencyMs: Count.optional(),
  errorRate: Rate.optional(),
  errorStatus: z.union([z.literal(500), z.literal(503)]).optional(),
  hangRate: Rate.optional(),
  malformedRate: Rate.optional(),
  /** The next N requests answer `errorStatus` whatever the rates say: deterministic tests. */
  failNext: Count.optional(),
  /** The next N requests answer 429 with `Retry-After` (seconds, `retryAfterSeconds`, default 1): rate limited, nothing done. */
  rateLimitNext: Count.optional(),
  retryAfterSeconds: Count.optional(),
})
export type EndpointFaults = z.infer<typeof EndpointFaults>

/** How a write that was applied loses its reply: no answer at all, or the connection cut. */
export const LostReply = z.enum(["hang", "reset"])
export type LostReply = z.infer<typeof LostReply>

/**
 * The faults of the endpoints that change something: loan creation (online and in-store), cancel and refund. The
 * generic ones above fail a request before it does anything; these let the write happen and
 * lose its reply, since the documentation never promises that a request whose reply was lost
 * was not applied. A client must survive a loan, a cancel or a refund it never heard of.
 */
export const WriteFaults = EndpointFaults.extend({
  /** Share of applied writes (a loan created, a cancel answered 200, a refund accepted) that are never answered. */
  applyThenHangRate: Rate.optional(),
  /** The next N applied writes lose their reply as `applyThenFailAs` says. */
  applyThenFailNext: Count.optional(),
  /** Applied writes answered as usual before `applyThenFailNext` starts to count: the second of two refunds loses its reply. */
  applyThenFailAfter: Count.optional(),
  /** How `applyThenFailNext` loses the reply; default "reset" (the socket is destroyed, no time-out needed). */
  applyThenFailAs: LostReply.optional(),
})
export type WriteFaults = z.infer<typeof WriteFaults>

/**
 * The refund endpoint also has faults of the service's judgement: a refund refused although
 * it would have been accepted, and one that reaches the history late.
 */
export const RefundFaults = WriteFaults.extend({
  /** The next N refunds that would be accepted are answered 200 REJECTED instead, and leave no trace. */
  rejectNext: Count.optional(),
  /**
   * How long after it is made a refund first shows in the history, beyond `visibleAfterMs`: the
   * documentation promises no time at all. A number, a range drawn from the seeded generator for
   * each refund, or `"never"`: not while the sandbox runs.
   */
  historyDelayMs: z
    .union([Count, z.strictObject({ min: Count, max: Count }).refine((r) => r.min <= r.max, "min must not exceed max"), z.literal("never")])
    .optional(),
})
export type RefundFaults = z.infer<typeof RefundFaults>

export const WebhookFaults = z.strictObject({
  dropRate: Rate.optional(),
  duplicateRate: Rate.optional(),
  delayMs: Count.optional(),
})
export type WebhookFaults = z.infer<typeof WebhookFaults>

/** Strict objects: a misspelt key (`errorrate`) must fail loudly, not silently inject nothing. */
export const FaultConfig = z.strictObject({
  auth: EndpointFaults.optional(),
  loan: WriteFaults.optional(),
  posLoan: WriteFaults.optional(),
  status: EndpointFaults.optional(),
  cancel: WriteFaults.optional(),
  refund: RefundFaults.optional(),
  refundHistory: EndpointFaults.optional(),
  webhook: WebhookFaults.optional(),
})
export type FaultConfig = z.infer<typeof FaultConfig>
