import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { z } from "zod"
import { describeIssues } from "./issues"
import type { SandboxLog } from "./options"
import { Branch, Loan, type SandboxState } from "./state"

/**
 * Loans, refunds, the branches the merchants registered and the id counters survive a restart;
 * requests, webhook deliveries and sent messages are a session's history and do not. Spent auth tokens are not kept either: with the default
 * random jwtSecret no token outlives the process anyway.
 */
const PersistedState = z.object({
  version: z.literal(1),
  nextLoanId: z.number().int(),
  nextRefundId: z.number().int(),
  loans: z.array(Loan),
  branches: z.array(Branch).optional(),
})
type PersistedState = z.infer<typeof PersistedState>

const SAVE_DELAY_MS = 100

export interface Persistence {
  /** Schedules a save; bursts of changes are written once. */
  changed(): void
  /** Writes now if a save is pending: on close. */
  flush(): void
}

export function loadState(file: string, state: SandboxState): boolean {
  if (!existsSync(file)) return false
  const saved = parseSaved(file)
  state.loans.clear()
  saved.loans.forEach((loan) => state.loans.set(loan.loanId, loan))
  const ids = saved.loans.map((loan) => loan.loanId)
  const refundIds = saved.loans.flatMap((loan) => loan.refunds.map((refund) => refund.refundId))
  state.nextLoanId = Math.max(saved.nextLoanId, state.nextLoanId, ...ids.map((id) => id + 1))
  state.nextRefundId = Math.max(saved.nextRefundId, state.nextRefundId, ...refundIds.map((id) => id + 1))
  saved.branches?.forEach((branch) => restoreBranch(state, branch))
  return true
}

/** A saved branch joins the ones every merchant starts with; a saved name wins over the starting one. */
function restoreBranch(state: SandboxState, branch: Branch): void {
  const existing = state.branches.find((known) => known.merchantId === branch.merchantId && known.branchId === branch.branchId)
  if (existing) existing.name = branch.name
  else state.branches.push(branch)
}

function parseSaved(file: string): PersistedState {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, "utf8"))
  } catch (error) {
    throw new Error(`sandbox state ${file} is not JSON (${String(error)}); delete it to start afresh`)
  }
  const parsed = PersistedState.safeParse(json)
  if (!parsed.success) {
    throw new Error(`sandbox state ${file} is not readable: ${describeIssues(parsed.error)}; delete it to start afresh`)
  }
  return parsed.data
}

export function createPersistence(file: string, state: SandboxState, log: SandboxLog): Persistence {
  let pending: NodeJS.Timeout | undefined

  function save(): void {
    pending = undefined
    try {
      write()
    } catch (error) {
      // A full disk must not take the sandbox down; the next change tries again.
      log(`[sandbox] could not save state to ${file}: ${String(error)}`)
    }
  }

  function write(): void {
    const snapshot: PersistedState = {
      version: 1,
      nextLoanId: state.nextLoanId,
      nextRefundId: state.nextRefundId,
      loans: [...state.loans.values()],
      branches: state.branches,
    }
    mkdirSync(dirname(file), { recursive: true })
    // Write then rename: a crash mid-write never leaves half a file behind.
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot, null, 2))
    renameSync(`${file}.tmp`, file)
  }

  return {
    changed() {
      pending ??= setTimeout(save, SAVE_DELAY_MS)
    },
    flush() {
      if (!pending) return
      clearTimeout(pending)
      save()
    },
  }
}
