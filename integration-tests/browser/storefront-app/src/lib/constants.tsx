import { checkoutTexts } from "medusa-payment-bnpl-storefront"
import React from "react"

const CreditCard = () => <span aria-hidden>▭</span>

/* Map of payment provider_id to their title and icon. */
export const paymentInfoMap: Record<string, { title: string; icon: React.JSX.Element }> = {
  pp_system_default: {
    title: "Manual Payment",
    icon: <CreditCard />,
  },
  pp_bnpl_bnpl: { title: checkoutTexts().methodTitle, icon: <CreditCard /> },
}

export const isStripeLike = (providerId?: string) => providerId?.startsWith("pp_stripe_") || providerId?.startsWith("pp_medusa-")
export const isManual = (providerId?: string) => providerId?.startsWith("pp_system_default")
export const isBnpl = (providerId?: string) => providerId === "pp_bnpl_bnpl"
