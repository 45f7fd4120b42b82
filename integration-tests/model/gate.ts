/**
 * Lets sequences run side by side although the sandbox's faults are global: a command
 * that sets a fault (a dropped webhook, a rejected or lost refund) runs alone, so no other
 * sequence's request meets it; every other command runs alongside the rest.
 */
export class Gate {
  private shared = 0
  private exclusive = false
  private readonly waiting: Array<() => void> = []

  async alone<T>(work: () => Promise<T>): Promise<T> {
    while (this.exclusive || this.shared > 0) await this.wait()
    this.exclusive = true
    try {
      return await work()
    } finally {
      this.exclusive = false
      this.wake()
    }
  }

  async alongside<T>(work: () => Promise<T>): Promise<T> {
    // Waiting exclusive work goes first, or a steady stream of shared work would starve it.
    while (this.exclusive || this.waiting.length > 0) await this.wait()
    this.shared++
    try {
      return await work()
    } finally {
      this.shared--
      this.wake()
    }
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve()
  }
}
