import type { Offer } from "../../../storefront/wire"

/** An eligibility's fields when installments cannot pay: not available, for the offer's reason. */
export const unavailable = (offer: Offer) => ({ available: false as const, reason: offer.reason, offer })
