import type { FaultConfig } from "../../src/sandbox"
import type { BenchConfig } from "./config"
import type { AdminApi } from "./lib/admin-api"
import type { CartFactory } from "./lib/cart-factory"
import type { MedusaProcess } from "./lib/medusa"
import type { Stack } from "./lib/stack"
import type { StoreApi } from "./lib/store-api"

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
