import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { bnplFromContainer } from "../../lib/options/resolve-options"
import type { CommChannel } from "../../lib/service/wire"
import { type LoanHolder, serviceCartId } from "../../modules/bnpl/holder"
import { aboutLoan } from "../../lib/telemetry/loan-context"
import type { LedgerLoan } from "../../modules/bnpl/types"
import { recordLoansOfRequest } from "../../lib/ledger/loan-row"

export const createSaleSessionStepId = "bnpl-create-sale-session"

export interface SaleSessionInput {
  payment_collection_id: string
  holder: LoanHolder
  phone: string
  channel: CommChannel
  shop_id: string
}

/**
 * A creation Medusa's workflow failed: its error as Medusa's workflow threw it, and the loans the
 * status query of the sale's cartId found (undefined when it could not say).
 */
export interface FailedSale {
  error: { message: string } & Record<string, unknown>
  settled: LedgerLoan[] | undefined
}

export type SaleSession = { session: { id: string; data: Record<string, unknown> | null } } | { failed: FailedSale }

/**
 * The sale's loan, made by the plugin's provider inside Medusa's own createPaymentSessionsWorkflow,
 * so that the session, the ledger row, the webhook's confirmation, reconciliation and refunds are
 * those of every loan. When Medusa's workflow fails after the request may have reached the service
 * (a lost reply), the loans the status query lists under the cartId get their rows here, under
 * the collection's lock (lib/ledger/loan-row.ts, `recordLoansOfRequest`), and the sale goes on to
 * cancel them once the lock is released.
 *
 * Medusa's workflow runs with `run`, not `runAsStep`: the sale continues past its failure to settle
 * what the service made, and a session it made stays when a later step fails (its loan has its
 * link on the customer's phone, and a row). No compensation, for the same reason.
 */
export const createSaleSessionStep = createStep(createSaleSessionStepId, async (input: SaleSessionInput, { container }) => {
  const cartId = serviceCartId(input.holder)
  // The sale's requests are traced as its holder's (lib/telemetry/loan-context.ts).
  const created = await aboutLoan({ holder: input.holder }, () =>
    createPaymentSessionsWorkflow(container)
      .run({
        input: {
          payment_collection_id: input.payment_collection_id,
          provider_id: bnplFromContainer(container).providerId,
          data: { in_store: { service_cart_id: cartId, phone: input.phone, channel: input.channel, shop_id: input.shop_id } },
        },
      })
      .then(
        ({ result }): SaleSession => ({ session: { id: result.id, data: result.data ?? null } }),
        async (error: FailedSale["error"]): Promise<SaleSession> => ({ failed: { error, settled: await settledAfterFailure(container, cartId) } }),
      ),
  )
  return new StepResponse(created)
})

/** The rows of the loans the service made under the failed sale's cartId; undefined while it cannot say. */
const settledAfterFailure = (container: MedusaContainer, cartId: string): Promise<LedgerLoan[] | undefined> =>
  bnplFromContainer(container)
    .client.getLoans(cartId)
    .then((listed) => recordLoansOfRequest(container, cartId, listed))
    .catch(() => undefined)
