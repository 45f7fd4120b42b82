import type { Buyer } from "./store"

/** Plausible Mexican sample values, so a person trying the demo can just click through. */
export const SAMPLE_BUYER: Buyer = {
  email: "maria.hernandez@example.com",
  address: {
    first_name: "María",
    last_name: "Hernández",
    address_1: "Av. Insurgentes Sur 1602",
    address_2: "Piso 4",
    city: "Ciudad de México",
    province: "mx-cmx",
    postal_code: "03940",
    phone: "+52 55 1234 5678",
    country_code: "mx",
  },
}
