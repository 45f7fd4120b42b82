import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { transform, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { LoanHolder } from "../modules/bnpl/holder"
import type { Locks } from "../lib/ledger/locks"
import { holderLocksStep, type HolderLocksInput } from "./steps/holder-locks"

/**
 * Takes the holders' locks (lib/ledger/locks.ts, one key per holder) with Medusa's
 * `acquireLockStep`, which waits for them and, when a later step fails, releases them through
 * its compensation. Answers what `unlockHolders` releases.
 */
export function lockHolders(input: WorkflowData<HolderLocksInput>): WorkflowData<Locks> {
  const locks = holderLocksStep(input)
  acquireLockStep(locks)
  return locks
}

/** `lockHolders` for the one holder a workflow's loan pays. */
export function lockHolder(input: WorkflowData<{ holder: LoanHolder }>): WorkflowData<Locks> {
  return lockHolders(transform({ input }, ({ input }) => ({ holders: [input.holder] })))
}

/** Releases what `lockHolders` took, with Medusa's `releaseLockStep`. */
export function unlockHolders(locks: WorkflowData<Locks>): void {
  releaseLockStep(locks)
}
