/**
 * The locks this process holds, so that a reader here can wait for a holder here to let go
 * without taking the lock itself. Medusa's completion announces its order (`order.placed`) while
 * the confirmation that ran it still holds the cart's lock, and the confirmation records the
 * order itself before it lets go: the subscriber that would otherwise queue for the lock, only to
 * find the order recorded, waits here and then reads the row once. A holder in another process
 * (a worker behind Redis locking) is not seen: the reader then takes the lock, as before.
 */
interface Holder {
  ownerId: string
  released: Promise<void>
  release: () => void
}

const holders = new Map<string, Holder>()

export function noteHeld(key: string, ownerId: string): void {
  holders.get(key)?.release()
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  holders.set(key, { ownerId, released, release })
}

export function noteReleased(key: string, ownerId: string): void {
  const holder = holders.get(key)
  if (holder?.ownerId !== ownerId) return
  holders.delete(key)
  holder.release()
}

/** Resolves when no holder in this process has `key`: at once when none does, else at its release or after `timeoutMs`. */
export async function untilReleasedHere(key: string, timeoutMs: number): Promise<void> {
  const holder = holders.get(key)
  if (!holder) return
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs)
    timer.unref()
  })
  await Promise.race([holder.released, timeout])
  clearTimeout(timer)
}
