import { useEffect, useRef } from "react"

/**
 * An effect that runs once per mount even under React's StrictMode (the starter's), which runs
 * effects twice in development: completing a cart or confirming a loan twice at once is a race
 * the shopper would see.
 */
export function useOnce(effect: () => void): void {
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    effect()
  }, [])
}
