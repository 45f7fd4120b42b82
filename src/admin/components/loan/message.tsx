import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A line of the card in place of its content: loading, not listed, or (as an alert) a failure. */
export function Message({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <div className="px-6 py-4" role={error ? "alert" : undefined} data-testid={error ? "bnpl-loan-error" : undefined}>
      <Text size="small" leading="compact" className={error ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
        {children}
      </Text>
    </div>
  )
}
