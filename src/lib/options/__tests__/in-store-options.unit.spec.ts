import { parseOptions } from "../options"
import { salesByPhoneCheck } from "../../../diagnosis/checks/sales-by-phone"
import type { DiagnosisContext } from "../../../diagnosis/types"

const MINIMAL = {
  authUrl: "https://auth.example.test/api",
  baseUrl: "https://pos.example.test",
  apiToken: "api-token",
  merchantId: 1001,
  shopId: "shop-1",
  storefrontUrl: "https://shop.example.test",
  backendUrl: "https://api.shop.example.test",
}

const diagnose = (env: Record<string, string>) =>
  salesByPhoneCheck.run({ bnpl: () => ({ options: parseOptions(MINIMAL, env) }) } as unknown as DiagnosisContext)

describe("the options of sales by phone", () => {
  it("make them at the named branches, else the in-store branch, else a shopId of digits, else nowhere", () => {
    expect(parseOptions(MINIMAL, { BNPL_IN_STORE_BRANCHES: "Centro=1, Norte = 2" }).inStoreBranches).toEqual([
      { name: "Centro", shopId: "1" },
      { name: "Norte", shopId: "2" },
    ])
    expect(parseOptions(MINIMAL, { BNPL_IN_STORE_SHOP_ID: "7" }).inStoreBranches).toEqual([{ name: "", shopId: "7" }])
    expect(parseOptions({ ...MINIMAL, shopId: "3" }, {}).inStoreBranches).toEqual([{ name: "", shopId: "3" }])
    expect(parseOptions(MINIMAL, {}).inStoreBranches).toEqual([])
  })

  it("offer every channel by default, and refuse what is not a channel or a branch id, naming the variable", () => {
    expect(parseOptions(MINIMAL, {}).inStoreChannels).toEqual(["w", "s", "q"])
    expect(() => parseOptions(MINIMAL, { BNPL_IN_STORE_CHANNELS: "w,x" })).toThrow(/BNPL_IN_STORE_CHANNELS/)
    expect(() => parseOptions(MINIMAL, { BNPL_IN_STORE_SHOP_ID: "centro" })).toThrow(/BNPL_IN_STORE_SHOP_ID/)
    expect(() => parseOptions(MINIMAL, { BNPL_IN_STORE_BRANCHES: "Centro" })).toThrow(/BNPL_IN_STORE_BRANCHES/)
  })

  it("are diagnosed: off is fine, a branch without the merchant host cannot send again", async () => {
    expect(await diagnose({})).toMatchObject({ status: "ok", detail: expect.stringMatching(/off/) })
    expect(await diagnose({ BNPL_IN_STORE_SHOP_ID: "1" })).toMatchObject({ status: "warn", fix: expect.stringMatching(/BNPL_MERCHANT_URL/) })
    expect(await diagnose({ BNPL_IN_STORE_SHOP_ID: "1", BNPL_IN_STORE_CHANNELS: "q" })).toMatchObject({ status: "ok" })
    expect(await diagnose({ BNPL_IN_STORE_SHOP_ID: "1", BNPL_MERCHANT_URL: "https://merchant.example.test" })).toMatchObject({
      status: "ok",
      detail: "Sales by phone are made at branch 1 by WhatsApp, SMS, QR code.",
    })
  })
})
