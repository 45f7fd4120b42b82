import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A label and its value on one line, inside a section of the card. */
export function LabelledValue({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="text-ui-fg-subtle flex justify-between gap-x-2">
      <Text size="small" leading="compact">
        {label}
      </Text>
      <Text size="small" leading="compact" data-testid={testId}>
        {children}
      </Text>
    </div>
  )
}
