import type { ButtonHTMLAttributes, HTMLAttributes } from "react"

export const Button = ({
  isLoading,
  size: _size,
  children,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { isLoading?: boolean; size?: string }) => (
  <button {...props} disabled={disabled || isLoading}>
    {isLoading ? "…" : children}
  </button>
)

export const Text = (props: HTMLAttributes<HTMLParagraphElement>) => <p {...props} />

export const Heading = (props: HTMLAttributes<HTMLHeadingElement>) => <h2 {...props} />
