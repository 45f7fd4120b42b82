import { Button, Input, Label, Select } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { InStoreJson } from "../../../api/admin/bnpl/orders/in-store-view"

export interface SendInput {
  phone: string
  channel: string
  shop_id?: string
}

/** The customer's phone (prefilled from the order), the channel, and the branch when the store has several. */
export function SendForm({
  state,
  channels,
  submitLabel,
  busy,
  onSubmit,
}: {
  state: InStoreJson
  channels: string[]
  submitLabel: string
  busy: boolean
  onSubmit: (input: SendInput) => void
}) {
  const { t } = useTranslation()
  const [phone, setPhone] = useState(state.sale?.phone ?? state.phone_suggestion ?? "")
  const [channel, setChannel] = useState(channels[0] ?? "w")
  const [shopId, setShopId] = useState(state.branches[0]?.shop_id)
  return (
    <form
      className="flex flex-col gap-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit({ phone, channel, ...(state.branches.length > 1 && shopId ? { shop_id: shopId } : {}) })
      }}
    >
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="bnpl-in-store-phone" size="small">
          {t("bnpl.inStore.phone")}
        </Label>
        <Input id="bnpl-in-store-phone" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="55 1234 5678" inputMode="tel" />
      </div>
      <div className="flex flex-col gap-y-1">
        <Label size="small">{t("bnpl.inStore.channel")}</Label>
        <Select value={channel} onValueChange={setChannel}>
          <Select.Trigger>
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {channels.map((c) => (
              <Select.Item key={c} value={c}>
                {t(`bnpl.inStore.channels.${c}`)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      {state.branches.length > 1 ? (
        <div className="flex flex-col gap-y-1">
          <Label size="small">{t("bnpl.inStore.branch")}</Label>
          <Select value={shopId} onValueChange={setShopId}>
            <Select.Trigger>
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {state.branches.map((b) => (
                <Select.Item key={b.shop_id} value={b.shop_id}>
                  {b.name || b.shop_id}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
      ) : null}
      <Button size="small" type="submit" isLoading={busy} disabled={busy || !phone} data-testid="bnpl-in-store-send">
        {submitLabel}
      </Button>
    </form>
  )
}
