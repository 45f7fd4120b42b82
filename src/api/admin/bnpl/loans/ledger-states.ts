import type { LedgerState } from "../../../../modules/bnpl/types"

/**
 * The ledger's states, as a value the admin's bundle can use without the
 * module's server code (or zod). The types below fail the build when the
 * model gains or loses a state and this list does not follow.
 */
export const LEDGER_STATES = ["open", "ordered", "cancelled", "refunded", "needs_attention"] as const satisfies readonly LedgerState[]
export type LedgerStateName = (typeof LEDGER_STATES)[number]

type Unlisted = Exclude<LedgerState, LedgerStateName>
export const EVERY_STATE_LISTED: [Unlisted] extends [never] ? true : Unlisted = true
