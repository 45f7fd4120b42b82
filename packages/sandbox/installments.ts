export interface Installment {
  number: number
  dueDate: string
  cents: number
}

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000

/**
 * Splits a total into equal installments, exact to the cent: the last one absorbs the
 * rounding so that the plan always adds up to the total the merchant asked for.
 * The first is due on the day of payment, the next ones every two weeks.
 */
export function installmentPlan(totalCents: number, count: number, firstDue: Date): Installment[] {
  const regular = Math.floor(totalCents / count)
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    dueDate: new Date(firstDue.getTime() + index * TWO_WEEKS_MS).toISOString().slice(0, 10),
    cents: index === count - 1 ? totalCents - regular * (count - 1) : regular,
  }))
}
