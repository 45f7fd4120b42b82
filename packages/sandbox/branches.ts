import type { SandboxContext } from "./context"
import type { Branch, Merchant, SandboxState } from "./state"

export function branchesOf(state: SandboxState, merchantId: number): Branch[] {
  return state.branches.filter((branch) => branch.merchantId === merchantId)
}

export function findBranch(state: SandboxState, merchantId: number, branchId: string): Branch | undefined {
  return branchesOf(state, merchantId).find((branch) => branch.branchId === branchId)
}

/**
 * Registers branches (shops) of the merchant, numbered on from its highest id, in the order
 * the names were given. Names may repeat: nothing in the documentation says they must not, and
 * the id is what an in-store loan's `shopId` names.
 */
export function createBranches(ctx: SandboxContext, merchant: Merchant, names: string[]): Branch[] {
  const highest = Math.max(0, ...branchesOf(ctx.state, merchant.merchantId).map((branch) => Number(branch.branchId)))
  const created = names.map((name, index) => ({ merchantId: merchant.merchantId, branchId: String(highest + index + 1), name }))
  ctx.state.branches.push(...created)
  ctx.changed()
  ctx.log(`[sandbox] merchant ${merchant.merchantId} registered ${created.map((branch) => `branch ${branch.branchId} (${branch.name})`).join(", ")}`)
  return created
}
