import { undoBoth } from "../confirmation-records"

describe("undoBoth", () => {
  it("puts back the columns of both patches, the first patch's older values winning", () => {
    const learned = { id: "bnplloan_1", previous: { loan_status: "REQUEST" as const } }
    const failed = {
      id: "bnplloan_1",
      previous: { loan_status: "OUTSTANDING" as const, completion_failures: 2, state: "open" as const, attention_reason: null },
    }
    expect(undoBoth(learned, failed)).toEqual({
      id: "bnplloan_1",
      previous: { loan_status: "REQUEST", completion_failures: 2, state: "open", attention_reason: null },
    })
  })

  it("is the second undo when the first patch wrote nothing", () => {
    const failed = { id: "bnplloan_1", previous: { completion_failures: 0 } }
    expect(undoBoth(undefined, failed)).toBe(failed)
  })
})
