import { ConfirmationQueue } from "../confirmation-queue"

function gate<T>() {
  let open!: (value: T) => void
  const opened = new Promise<T>((resolve) => (open = resolve))
  return { open, opened }
}

describe("ConfirmationQueue", () => {
  it("runs at once while a place is free, and refuses to when every place is taken", async () => {
    const queue = new ConfirmationQueue<string>(2)
    const first = gate<string>()
    const second = gate<string>()
    const a = queue.tryNow(() => first.opened)
    const b = queue.tryNow(() => second.opened)
    expect(a).toBeDefined()
    expect(b).toBeDefined()
    expect(queue.tryNow(async () => "c")).toBeUndefined()
    first.open("a")
    await expect(a).resolves.toBe("a")
    await expect(queue.tryNow(async () => "d")).resolves.toBe("d")
    second.open("b")
    await b
  })

  it("runs waiting work in arrival order as places free, and no new arrival jumps the line", async () => {
    const queue = new ConfirmationQueue<string>(1)
    const started: string[] = []
    const held = gate<string>()
    const running = queue.tryNow(() => held.opened)!
    const work = (name: string) => async () => {
      started.push(name)
      return name
    }
    const one = queue.inTurn("one", work("one"))
    const two = queue.inTurn("two", work("two"))
    expect(queue.pending).toBe(2)
    held.open("held")
    await running
    // A place freed, but "one" and "two" wait before any newcomer.
    expect(queue.tryNow(work("newcomer"))).toBeUndefined()
    await expect(Promise.all([one, two])).resolves.toEqual(["one", "two"])
    expect(started).toEqual(["one", "two"])
    expect(queue.pending).toBe(0)
  })

  it("gives a copy of a waiting notification the same turn and result, and runs the work once", async () => {
    const queue = new ConfirmationQueue<number>(1)
    const held = gate<number>()
    void queue.tryNow(() => held.opened)
    let runs = 0
    const work = async () => ++runs
    const first = queue.inTurn("cart\n1", work)
    const copy = queue.inTurn("cart\n1", work)
    expect(copy).toBe(first)
    held.open(0)
    await expect(copy).resolves.toBe(1)
    expect(runs).toBe(1)
    // Once it has run, a new copy is a new turn.
    await expect(queue.inTurn("cart\n1", work)).resolves.toBe(2)
  })

  it("frees the place of work that fails, and hands its error to whoever waits on it", async () => {
    const queue = new ConfirmationQueue<string>(1)
    const held = gate<string>()
    void queue.tryNow(() => held.opened)
    const failing = queue.inTurn("x", async () => {
      throw new Error("database unreachable")
    })
    const after = queue.inTurn("y", async () => "y")
    held.open("")
    await expect(failing).rejects.toThrow("database unreachable")
    await expect(after).resolves.toBe("y")
  })
})
