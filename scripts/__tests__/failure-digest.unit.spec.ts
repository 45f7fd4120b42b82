import { failureDigest } from "../harness/failure-digest"

describe("failureDigest", () => {
  it("prints nothing when nothing failed", () => {
    expect(failureDigest([])).toEqual([])
  })

  it("repeats each failed test's name and message, without colours or stack frames", () => {
    const message = "\u001b[31mError: expect(received).toEqual(expected)\u001b[39m\n    at Object.<anonymous> (x.spec.ts:3:5)\n- Expected\n+ Received"
    expect(failureDigest([{ name: "a.spec.ts: pays", message }])).toEqual([
      "",
      "Failed:",
      "  - a.spec.ts: pays",
      "    Error: expect(received).toEqual(expected)",
      "    - Expected",
      "    + Received",
    ])
  })

  it("keeps a long message's head and tail, where a model's failure says what broke and how to replay it", () => {
    const message = ["broken: refund answered 500", ...Array.from({ length: 100 }, (_, i) => `step ${i}`), "FC_SEQUENCE='[]'"].join("\n")
    const lines = failureDigest([{ name: "money", message }])
    expect(lines[3]).toBe("    broken: refund answered 500")
    expect(lines).toContain("    … 42 lines …")
    expect(lines[lines.length - 1]).toBe("    FC_SEQUENCE='[]'")
    expect(lines).toHaveLength(3 + 45 + 1 + 15)
  })
})
