import { type Buyer, type Customer, CustomerEmail, CustomerPhone } from "./wire"

/** Spec 2.3: all six keys present, all null while the loan is unpaid. */
export const UNPAID_CUSTOMER: Customer = {
  username: null,
  firstName: null,
  lastName: null,
  motherLastName: null,
  email: null,
  phone: null,
}

/**
 * The customer the service reports once the first installment is paid, taken from the
 * buyer the merchant sent. Values the spec's formats would refuse (an e-mail that is not
 * one, a phone that is not ten digits) become null rather than invalid records, and the
 * sandbox never invents the mother's last name, which loan requests cannot carry.
 */
export function customerFromBuyer(buyer: Buyer | undefined): Customer {
  const email = buyer?.email && CustomerEmail.safeParse(buyer.email).success ? buyer.email : null
  return {
    username: email,
    firstName: buyer?.firstName || null,
    lastName: buyer?.lastName || null,
    motherLastName: null,
    email,
    phone: buyer?.phone && CustomerPhone.safeParse(buyer.phone).success ? buyer.phone : null,
  }
}
