import type { FaultConfig } from "../../packages/sandbox"
import type { BenchConfig } from "./config"
import type { AdminApi } from "../harness/admin-api"
import type { CartFactory } from "../harness/cart-factory"
import type { MedusaProcess } from "../harness/medusa"
import type { Stack } from "../harness/stack"
import type { StoreApi } from "../harness/store-api"

/** What every figure of the bench works with: one stack, one Medusa process, its APIs. */
export interface BenchContext {
  config: BenchConfig
  stack: Stack
  medusa: MedusaProcess
  api: StoreApi
  admin: AdminApi
  carts: CartFactory
  /** The sandbox's faults between experiments: only the latency asked for, if any. */
  baseFaults: FaultConfig
  /** One line of progress on the console. */
  say(line: string): void
}
