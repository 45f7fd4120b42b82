import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { readPendingSaleStep } from "./steps/read-pending-sale"
import { recordSalePhoneStep } from "./steps/record-sale-phone"
import { refuseResendWithoutMerchantHostStep } from "./steps/refuse-resend-without-merchant-host"
import { sendLinkAgainStep } from "./steps/send-link-again"

export const resendByPhoneWorkflowId = "bnpl-resend-by-phone"

export interface ResendByPhoneInput {
  order_id: string
  /** Ten digits; the sale's own phone when absent. */
  phone?: string
  /** WhatsApp or SMS: a QR is shown, not sent. */
  channel: "w" | "s"
}

/** *Send again*: the link of the order's unpaid sale by phone, to the same phone or another; its session names where it went. */
export const resendByPhoneWorkflow = createWorkflow(resendByPhoneWorkflowId, (input: ResendByPhoneInput) => {
  refuseResendWithoutMerchantHostStep()
  const sale = readPendingSaleStep(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
  const phone = transform({ input, sale }, ({ input, sale }) => input.phone ?? sale.data.in_store.phone)
  sendLinkAgainStep(
    transform({ input, sale, phone }, ({ input, sale, phone }) => ({
      service_cart_id: sale.data.service_cart_id,
      loan_id: sale.data.loan_id,
      phone,
      channel: input.channel,
    })),
  )
  recordSalePhoneStep(
    transform({ input, sale, phone }, ({ input, sale, phone }) => ({ session: sale.session, data: sale.data, phone, channel: input.channel })),
  )
  return new WorkflowResponse(undefined)
})
