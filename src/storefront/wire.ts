import { z } from "zod"
import { LANGS } from "./lang"

/**
 * What the store routes answer: `GET /store/bnpl/offer`, `GET /store/carts/:id/bnpl` and
 * `GET /store/bnpl/payment-collections/:id` (an order's balance, Medusa's payment link).
 * The routes build their answers against these schemas; the kit imports only their types, so
 * a storefront bundle carries no zod.
 */

export const Lang = z.enum(LANGS)

/** Why installments are not offered. `message` is for the shopper, in the answer's `lang`. */
export const ReasonCode = z.enum([
  "currency_not_offered",
  "below_minimum",
  "above_maximum",
  "not_in_region",
  "cart_completed",
  "loan_paid",
  "product_excluded",
  "balance_paid",
])
export type ReasonCode = z.infer<typeof ReasonCode>
export const Reason = z.object({ code: ReasonCode, message: z.string() })
export type Reason = z.infer<typeof Reason>

/**
 * Amounts are in major units, as in every Medusa store route (`1234.5` is $1,234.50 MXN), each
 * exact to the currency's precision.
 */
export const Offer = z.object({
  available: z.boolean(),
  reason: Reason.nullable(),
  currency_code: z.string(),
  /** The amount asked about, rounded half up to the currency's precision. */
  amount: z.number().nonnegative(),
  plan: z.object({
    installments: z.number().int().positive(),
    frequency_days: z.number().int().positive(),
    /**
     * One per installment. Counted in the currency's minor units (`toMinorUnits`) they add up
     * to `amount` exactly; the last absorbs the rounding.
     */
    amounts: z.array(z.number().nonnegative()),
  }),
  limits: z.object({
    min_amount: z.number().nonnegative(),
    max_amount: z.number().nonnegative(),
    currencies: z.array(z.string()),
  }),
  lang: Lang,
})
export type Offer = z.infer<typeof Offer>
export const OfferResponse = z.object({ offer: Offer })
export type OfferResponse = z.infer<typeof OfferResponse>

/** A loan of the cart as the shopper sees it; `unknown` when the service could not be asked. */
export const LoanState = z.enum(["pending", "paid", "cancelled", "unknown"])
export type LoanState = z.infer<typeof LoanState>
export const CartLoan = z.object({
  loan_id: z.number().int(),
  status: LoanState,
  /** Set once the loan pays for an order. */
  order_id: z.string().nullable(),
  /** Where a pending loan can still be paid, while its payment session exists. */
  checkout_url: z.string().nullable(),
})
export type CartLoan = z.infer<typeof CartLoan>

/**
 * What the storefront should do next:
 * - `pay`: offer the method (a pending loan may be resumed at `loan.checkout_url`, or replaced);
 * - `complete_cart`: a loan is paid, complete the cart (no new loan may start);
 * - `show_order`: the cart is an order already;
 * - `pay_order`: the cart is an order placed before its financing (`order_before_financing`), and
 *   its loan waits for the first installment at `loan.checkout_url`;
 * - `choose_another_method`: installments are not available, `reason` says why.
 */
export const NextStep = z.enum(["pay", "complete_cart", "show_order", "pay_order", "choose_another_method"])
export type NextStep = z.infer<typeof NextStep>

export const CartEligibility = z.object({
  cart_id: z.string(),
  available: z.boolean(),
  reason: Reason.nullable(),
  next_step: NextStep,
  /** The plan for the cart's total. */
  offer: Offer,
  /** The loan that decides the next step: a paid one first, else the newest. */
  loan: CartLoan.nullable(),
  loans: z.array(CartLoan),
  /** False when the service's status query failed: loan states are what the store last knew. */
  status_known: z.boolean(),
  lang: Lang,
  /** The store places the order before the shopper pays: complete the cart after the session, then send the shopper to the loan's page. */
  order_before_financing: z.boolean().optional(),
  /** The payment provider to start the session with: `pp_bnpl_{id}`, with the id the store chose; when absent, the kit uses the default, `pp_bnpl_bnpl`. */
  provider_id: z.string().optional(),
})
export type CartEligibility = z.infer<typeof CartEligibility>
export const CartEligibilityResponse = z.object({ bnpl: CartEligibility })
export type CartEligibilityResponse = z.infer<typeof CartEligibilityResponse>

/**
 * What the payment-link page of an order's balance does next:
 * - `pay`: offer the method (a pending loan may be resumed at `loan.checkout_url`);
 * - `confirming`: a loan of the balance is paid and the store is recording it: ask again in a moment;
 * - `paid`: the balance is paid: show the order;
 * - `choose_another_method`: installments are not available, `reason` says why.
 */
export const BalanceNextStep = z.enum(["pay", "confirming", "paid", "choose_another_method"])
export type BalanceNextStep = z.infer<typeof BalanceNextStep>

export const BalanceEligibility = z.object({
  payment_collection_id: z.string(),
  order_id: z.string().nullable(),
  /** What the collection asks, in major units. */
  amount: z.number().nonnegative(),
  currency_code: z.string(),
  available: z.boolean(),
  reason: Reason.nullable(),
  next_step: BalanceNextStep,
  offer: Offer,
  /** The loan that decides the next step: a paid one first, else the newest. */
  loan: CartLoan.nullable(),
  loans: z.array(CartLoan),
  status_known: z.boolean(),
  lang: Lang,
  provider_id: z.string(),
})
export type BalanceEligibility = z.infer<typeof BalanceEligibility>
export const BalanceEligibilityResponse = z.object({ bnpl: BalanceEligibility })
export type BalanceEligibilityResponse = z.infer<typeof BalanceEligibilityResponse>
