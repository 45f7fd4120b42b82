/** How long each named step of a test file took, for the line the file prints at its end. */
export class Timings {
  readonly ms: Record<string, number> = {}

  readonly timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now()
    try {
      return await work()
    } finally {
      this.ms[name] = Date.now() - started
    }
  }
}
