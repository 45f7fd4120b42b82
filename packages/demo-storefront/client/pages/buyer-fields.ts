import { h } from "../dom"
import { t } from "../i18n"
import type { Buyer } from "../store"

const STATES: Array<[string, string]> = [
  ["mx-cmx", "Ciudad de México"],
  ["mx-mex", "Estado de México"],
  ["mx-jal", "Jalisco"],
  ["mx-nle", "Nuevo León"],
  ["mx-pue", "Puebla"],
  ["mx-yuc", "Yucatán"],
]

/** Email and a Mexican delivery address, prefilled with `sample`; `read()` answers what was typed. */
export function buyerFields(sample: Buyer) {
  const a = sample.address
  const input = (id: string, label: string, value: string | null | undefined, attrs: Record<string, string | boolean> = {}, wide = false) => {
    const field = h("input", { id, name: id, value: value ?? "", ...attrs })
    return { field, node: h("label", { class: wide ? "wide" : "" }, label, field) }
  }
  const email = input("email", t.fields.email, sample.email, { type: "email", required: true, autocomplete: "email" }, true)
  const first = input("first_name", t.fields.firstName, a.first_name, { required: true, autocomplete: "given-name" })
  const last = input("last_name", t.fields.lastName, a.last_name, { required: true, autocomplete: "family-name" })
  const line1 = input("address_1", t.fields.street, a.address_1, { required: true, autocomplete: "address-line1" }, true)
  const line2 = input("address_2", t.fields.apartment, a.address_2, { autocomplete: "address-line2" }, true)
  const city = input("city", t.fields.city, a.city, { required: true, autocomplete: "address-level2" })
  const postal = input("postal_code", t.fields.postal, a.postal_code, { required: true, pattern: "\\d{5}", autocomplete: "postal-code" })
  const phone = input("phone", t.fields.phone, a.phone, { type: "tel", autocomplete: "tel" })
  const state = h(
    "select",
    { id: "province", name: "province" },
    ...STATES.map(([code, name]) => h("option", { value: code, selected: code === a.province }, name)),
  )
  const node = h(
    "div",
    { class: "grid" },
    email.node,
    first.node,
    last.node,
    line1.node,
    line2.node,
    city.node,
    h("label", {}, t.fields.state, state),
    postal.node,
    phone.node,
    h("label", { class: "wide" }, t.fields.country, h("input", { value: "México", disabled: true })),
  )
  return {
    node,
    read(): Buyer {
      return {
        email: email.field.value.trim(),
        address: {
          first_name: first.field.value.trim(),
          last_name: last.field.value.trim(),
          address_1: line1.field.value.trim(),
          address_2: line2.field.value.trim() || null,
          city: city.field.value.trim(),
          province: state.value,
          postal_code: postal.field.value.trim(),
          phone: phone.field.value.trim() || null,
          country_code: "mx",
        },
      }
    },
  }
}
