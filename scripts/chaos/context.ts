import type { AdminApi } from "../harness/admin-api"
import type { CartFactory } from "../harness/cart-factory"
import type { MedusaProcess } from "../harness/medusa"
import type { Stack } from "../harness/stack"
import type { StoreApi } from "../harness/store-api"
import type { ChaosSizes } from "./sizes"

/** What scenarios share: the stack, the single Medusa process "a", its APIs, cart copies. */
export interface ChaosContext {
  sizes: ChaosSizes
  stack: Stack
  medusa: MedusaProcess
  api: StoreApi
  admin: AdminApi
  carts: CartFactory
  /** Webhook retries the sandbox is configured with, to know when a loan's chain is over. */
  webhookRetries: number
  say(line: string): void
}
