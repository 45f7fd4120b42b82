import { lockHolder, unlockHolders } from "./holder-locks"
import { holderOfLedgerRowStep } from "./steps/holder-of-ledger-row"

/** Composes `work` under the lock of what a ledger row's loan pays: for a workflow's constructor. */
export function underHolderLockOfRow<I extends { ledger_id: string }, O>(input: I, work: (input: I) => O): O {
  const locks = lockHolder(holderOfLedgerRowStep(input))
  const result = work(input)
  unlockHolders(locks)
  return result
}
