import { attentionCheck } from "./checks/attention"
import { backendUrlCheck } from "./checks/backend-url"
import { clockCheck } from "./checks/clock"
import { credentialsCheck } from "./checks/credentials"
import { lastReconciliationCheck } from "./checks/last-reconciliation"
import { medusaVersionCheck } from "./checks/medusa-version"
import { optionsCheck } from "./checks/options"
import { posEndpointsCheck } from "./checks/pos-endpoints"
import { reconciliationWorkerCheck } from "./checks/reconciliation-worker"
import { regionsCheck } from "./checks/regions"
import { returnUrlsCheck } from "./checks/return-urls"
import { salesByPhoneCheck } from "./checks/sales-by-phone"
import { topologyCheck } from "./checks/topology"
import { webhookDeliveriesCheck } from "./checks/webhook-deliveries"
import type { Check } from "./types"

/** Every check, in the order the admin reads them: configuration, the service, this store, its operation. */
export const CHECKS: readonly Check[] = [
  optionsCheck,
  credentialsCheck,
  posEndpointsCheck,
  backendUrlCheck,
  returnUrlsCheck,
  regionsCheck,
  salesByPhoneCheck,
  clockCheck,
  topologyCheck,
  reconciliationWorkerCheck,
  lastReconciliationCheck,
  attentionCheck,
  webhookDeliveriesCheck,
  medusaVersionCheck,
]
