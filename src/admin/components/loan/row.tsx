import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A row of the card: its label on the left, its value on the right, as Medusa's own order cards show them. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="text-ui-fg-subtle grid grid-cols-2 items-center px-6 py-4">
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <Text size="small" leading="compact" as="div">
        {children}
      </Text>
    </div>
  )
}
