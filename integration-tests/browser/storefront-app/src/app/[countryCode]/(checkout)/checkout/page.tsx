import { listCartPaymentMethods, retrieveCart } from "@lib/data/cart"
import Payment from "@modules/checkout/components/payment"
import PaymentButton from "@modules/checkout/components/payment-button"
import { notFound } from "next/navigation"

/** The starter's checkout page, from the payment step on; the review step holds the payment button. */
export default async function Checkout(props: { searchParams: Promise<{ step?: string }> }) {
  const { step } = await props.searchParams
  const cart = await retrieveCart()
  if (!cart) return notFound()
  const paymentMethods = await listCartPaymentMethods(cart.region_id ?? "")
  return (
    <div className="content-container">
      <Payment cart={cart} availablePaymentMethods={paymentMethods} />
      {step === "review" && (
        <div>
          <h2>Review</h2>
          <PaymentButton cart={cart} data-testid="submit-order-button" />
        </div>
      )}
    </div>
  )
}
