import type { MedusaContainer } from "@medusajs/framework/types"
import { LOAN_PAYMENT } from "../../../lib/service/status"
import { awaitsFinancing, isBnplProvider, readSessionData } from "../../../lib/medusa/session-data"
import type { SeenLoan } from "./recent-loans"
import { BNPL_LEDGER_MODULE } from "../../../modules/bnpl"
import type { BnplLedgerService } from "../../../modules/bnpl/service"
import type { LedgerLoan } from "../../../modules/bnpl/types"
import type { CartLoan, LoanState } from "../../../storefront/wire"

/**
 * The loans the storefront's routes show, of a cart or of an order's balance: what the store
 * knows (payment sessions, ledger rows) joined with what the service lists.
 */

/** A loan the store knows of, from a payment session or the ledger. */
export interface KnownLoan {
  loanId: number
  checkoutUrl: string | null
  /** Its session awaits it on an order placed before the loan is paid (`pending_authorization`). */
  awaitsFinancing?: boolean
  ledger?: Pick<LedgerLoan, "state" | "order_id">
}

type SessionsOf = { payment_collection?: { payment_sessions?: Array<{ provider_id: string; status: string; data: unknown } | null> | null } | null }

/** The union, by loan id, of the cart's sessions of the plugin's provider and its ledger rows. */
export function knownLoans(cart: SessionsOf, ledger: LedgerLoan[]): KnownLoan[] {
  const loans = new Map<number, KnownLoan>()
  for (const session of cart.payment_collection?.payment_sessions ?? []) {
    if (!session || !isBnplProvider(session.provider_id)) continue
    const data = readSessionData(session.data)
    if (data) loans.set(data.loan_id, { loanId: data.loan_id, checkoutUrl: data.checkout_url, awaitsFinancing: awaitsFinancing(session) })
  }
  for (const row of ledger) {
    const known = loans.get(row.loan_id)
    loans.set(row.loan_id, {
      ...known,
      loanId: row.loan_id,
      checkoutUrl: known?.checkoutUrl ?? null,
      ledger: { state: row.state, order_id: row.order_id },
    })
  }
  return [...loans.values()]
}

/** The ledger's rows of every loan that pays an order's balance (its payment collection); none while the ledger module is not loaded. */
export async function balanceRows(scope: MedusaContainer, paymentCollectionId: string): Promise<LedgerLoan[]> {
  if (!scope.hasRegistration(BNPL_LEDGER_MODULE)) return []
  return scope.resolve<BnplLedgerService>(BNPL_LEDGER_MODULE).listBnplLoans({ payment_collection_id: paymentCollectionId, holder: "order_balance" })
}

/** The ledger's rows for the cart; none while the ledger module is not loaded. */
export async function ledgerRows(scope: MedusaContainer, cartId: string): Promise<LedgerLoan[]> {
  if (!scope.hasRegistration(BNPL_LEDGER_MODULE)) return []
  const ledger = scope.resolve<BnplLedgerService>(BNPL_LEDGER_MODULE)
  return ledger.listBnplLoans({ service_cart_id: cartId })
}

/**
 * Every loan of the cart, oldest first: those the store knows of (sessions, ledger) and
 * those the service lists for the cart. The status comes from the service; when it could
 * not be asked, from the ledger where the ledger has decided, else `unknown`.
 */
export function cartLoans(facts: { known: KnownLoan[]; live: SeenLoan[] | undefined }): CartLoan[] {
  const byId = new Map<number, KnownLoan | undefined>(facts.known.map((known) => [known.loanId, known]))
  for (const record of facts.live ?? []) if (!byId.has(record.loanId)) byId.set(record.loanId, undefined)
  return [...byId.entries()]
    .sort(([a], [b]) => a - b)
    .map(([loanId, known]) => {
      const record = facts.live?.find((r) => r.loanId === loanId)
      const status: LoanState = record ? LOAN_PAYMENT[record.status] : facts.live ? "unknown" : ledgerState(known)
      return {
        loan_id: loanId,
        status,
        order_id: known?.ledger?.order_id ?? null,
        checkout_url: status === "pending" || status === "unknown" ? (known?.checkoutUrl ?? null) : null,
      }
    })
}

/** What the ledger's state says of the payment, when the service cannot be asked. */
function ledgerState(known: KnownLoan | undefined): LoanState {
  switch (known?.ledger?.state) {
    case "ordered":
    case "refunded":
    case "needs_attention":
      return "paid"
    case "cancelled":
      return "cancelled"
    case "open":
    case undefined:
      return "unknown"
  }
}
