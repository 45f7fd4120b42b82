import { Button, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { InStoreJson } from "../../../api/admin/bnpl/orders/in-store-view"
import { useInStoreAction } from "../../lib/in-store-api"
import { Message } from "../loan/message"
import { SaleStatus } from "./sale-status"
import { SendForm, type SendInput } from "./send-form"

/**
 * *Send installments link*: a sale by phone for what the order's open collection asks. With a
 * link waiting, *Send again* (WhatsApp or SMS, to the same phone or another) and *Cancel*.
 */
export function InStoreCard({ orderId, state }: { orderId: string; state: InStoreJson }) {
  const { t } = useTranslation()
  const action = useInStoreAction(orderId)
  const [resending, setResending] = useState(false)
  const waiting = state.sale?.status === "REQUEST" && !state.sale.authorized
  const error = action.error ? (action.error as Error).message : undefined
  const send = (input: SendInput) => action.mutate({ path: "", body: { ...input } })
  const resend = (input: SendInput) =>
    action.mutate({ path: "/resend", body: { phone: input.phone, channel: input.channel } }, { onSuccess: () => setResending(false) })

  return (
    <div className="flex flex-col gap-y-4 px-6 py-4" data-testid="bnpl-in-store-card">
      <Heading level="h3">{t("bnpl.inStore.title")}</Heading>
      {state.amount ? (
        <Text size="small" leading="compact" className="text-ui-fg-subtle">
          {t("bnpl.inStore.asks", { amount: state.amount, currency: state.currency_code?.toUpperCase() })}
        </Text>
      ) : null}
      {state.sale ? <SaleStatus sale={state.sale} /> : null}
      {waiting ? (
        resending ? (
          <SendForm state={state} channels={["w", "s"]} submitLabel={t("bnpl.inStore.sendAgain")} busy={action.isPending} onSubmit={resend} />
        ) : (
          <div className="flex gap-x-2">
            <Button size="small" variant="secondary" onClick={() => setResending(true)} data-testid="bnpl-in-store-resend">
              {t("bnpl.inStore.sendAgain")}
            </Button>
            <Button
              size="small"
              variant="danger"
              isLoading={action.isPending}
              onClick={() => action.mutate({ path: "/cancel", body: {} })}
              data-testid="bnpl-in-store-cancel"
            >
              {t("bnpl.inStore.cancel")}
            </Button>
          </div>
        )
      ) : state.amount ? (
        <SendForm state={state} channels={state.channels} submitLabel={t("bnpl.inStore.send")} busy={action.isPending} onSubmit={send} />
      ) : null}
      {error ? <Message error>{error}</Message> : null}
    </div>
  )
}
