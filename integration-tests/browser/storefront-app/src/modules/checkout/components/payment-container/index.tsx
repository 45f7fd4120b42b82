import { Text } from "@modules/common/components/ui"
import React, { type JSX } from "react"

type PaymentContainerProps = {
  paymentProviderId: string
  selectedPaymentOptionId: string | null
  disabled?: boolean
  paymentInfoMap: Record<string, { title: string; icon: JSX.Element }>
  onSelect: (providerId: string) => void
  children?: React.ReactNode
}

/** The starter's radio option (a headless UI Radio there, a native one here), with its `disabled`. */
const PaymentContainer: React.FC<PaymentContainerProps> = ({
  paymentProviderId,
  selectedPaymentOptionId,
  paymentInfoMap,
  disabled = false,
  onSelect,
  children,
}) => (
  <label data-testid={`payment-option-${paymentProviderId}`} style={{ display: "block", opacity: disabled ? 0.5 : 1 }}>
    <input
      type="radio"
      name="payment-method"
      value={paymentProviderId}
      checked={selectedPaymentOptionId === paymentProviderId}
      disabled={disabled}
      onChange={() => onSelect(paymentProviderId)}
    />
    <Text className="text-base-regular">{paymentInfoMap[paymentProviderId]?.title || paymentProviderId}</Text>
    {children}
  </label>
)

export default PaymentContainer
