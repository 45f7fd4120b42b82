import type { PaymentSessionDTO } from "@medusajs/framework/types"
import { isPresent, Modules } from "@medusajs/framework/utils"
import { parallelize, transform, when, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  createPaymentAccountHolderStep,
  createPaymentSessionStep,
  createRemoteLinkStep,
  deletePaymentSessionsWorkflow,
  useRemoteQueryStep,
} from "@medusajs/medusa/core-flows"
import type { CollectionForSession } from "../lib/medusa/cart-for-loan"

export interface PaymentSessionOfCollectionInput {
  payment_collection_id: string
  provider_id: string
  customer_id?: string
  data: Record<string, unknown>
  /** The collection as readLoanCartStep read it, with Medusa's region check passed (refuseProviderOutsideRegionStep). */
  collection: CollectionForSession
}

/**
 * Medusa's createPaymentSessionsWorkflow (core-flows, payment-collection/workflows/
 * create-payment-session) composed of its own steps, without its two reads: the collection with
 * its sessions, and the region check's collection, cart and region. readLoanCartStep has read all
 * of that in its one statement under the holder's lock; read again, it costs the shopper's
 * request a third of Medusa's work when many shoppers check out at once (docs/benchmarks.md,
 * "Checkout under load"). The rest is Medusa's as it is: the customer's account holder and its
 * link, the new session, and the collection's other sessions deleted beside it (no split
 * payments). src/workflows/__tests__/workflow-steps.unit.spec.ts pins Medusa's steps, so that a
 * Medusa that changes them fails a test.
 */
export function createPaymentSessionOfCollection(input: WorkflowData<PaymentSessionOfCollectionInput>): WorkflowData<PaymentSessionDTO> {
  const { paymentCustomer, accountHolder, existingAccountHolder } = when("customer-id-exists", { input }, ({ input }) => !!input.customer_id).then(
    () => {
      const customer = useRemoteQueryStep({
        entry_point: "customer",
        fields: ["id", "email", "company_name", "first_name", "last_name", "phone", "addresses.*", "account_holders.*", "metadata"],
        variables: { id: input.customer_id },
        list: false,
      }).config({ name: "get-customer" })
      const paymentCustomer = transform({ customer }, ({ customer }) => ({
        ...customer,
        billing_address: customer.addresses?.find((a: { is_default_billing?: boolean }) => a.is_default_billing) ?? customer.addresses?.[0],
      }))
      const existingAccountHolder = transform({ customer, input }, ({ customer, input }) =>
        (customer.account_holders ?? []).find((holder: { provider_id?: string } | null) => holder?.provider_id === input.provider_id),
      )
      const accountHolder = createPaymentAccountHolderStep(
        transform({ existingAccountHolder, input, paymentCustomer }, ({ existingAccountHolder, input, paymentCustomer }) => ({
          provider_id: input.provider_id,
          // The module answers an existing holder as it is.
          context: { account_holder: existingAccountHolder, customer: paymentCustomer },
        })),
      ).config({ noCompensation: true })
      return { paymentCustomer, accountHolder, existingAccountHolder }
    },
  )
  when(
    "account-holder-created",
    { accountHolder, existingAccountHolder },
    ({ existingAccountHolder, accountHolder }) => !isPresent(existingAccountHolder) && isPresent(accountHolder),
  ).then(() => {
    createRemoteLinkStep([
      { [Modules.CUSTOMER]: { customer_id: paymentCustomer.id }, [Modules.PAYMENT]: { account_holder_id: accountHolder.id } },
    ]).config({ noCompensation: true })
  })
  const [created] = parallelize(
    createPaymentSessionStep(
      transform({ input, paymentCustomer, accountHolder }, ({ input, paymentCustomer, accountHolder }) => ({
        payment_collection_id: input.payment_collection_id,
        provider_id: input.provider_id,
        data: input.data,
        context: { customer: paymentCustomer, account_holder: accountHolder },
        amount: input.collection.amount,
        currency_code: input.collection.currency_code,
      })),
    ),
    deletePaymentSessionsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: input.collection.session_ids })) }),
  )
  return created
}
