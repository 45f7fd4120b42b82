import { msPerItemByTenth } from "../harness/stats"

describe("msPerItemByTenth", () => {
  it("gives a steady pace the same time per item in every tenth after the first", () => {
    const times = Array.from({ length: 100 }, (_, i) => 1_000 + 10 * i)
    const tenths = msPerItemByTenth(times)
    expect(tenths).toHaveLength(10)
    expect(tenths.slice(1)).toEqual(Array(9).fill(10))
    // The first tenth's clock starts at its first item: 9 gaps over 10 items.
    expect(tenths[0]).toBe(9)
  })

  it("shows a run that slows down in its later tenths", () => {
    const times: number[] = []
    for (let i = 0, at = 0; i < 50; i++) times.push((at += i < 40 ? 10 : 30))
    const tenths = msPerItemByTenth(times)
    expect(tenths[1]).toBe(10)
    expect(tenths[9]).toBe(30)
  })

  it("leaves out tenths that hold no item", () => {
    expect(msPerItemByTenth([0, 50, 100])).toEqual([0, 50, 50])
    expect(msPerItemByTenth([])).toEqual([])
  })
})
